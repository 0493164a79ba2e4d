import {
  apiBase,
  type ConnectionTransactionsQuery,
  connectionApiMessages,
  connectionSyncRoutes,
  type TransactionListResponse,
} from '@app/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { toTransaction } from '../transactions/index.ts';
import { findConnection } from './connections.repository.ts';

/** What still waits for its owner's word: a coin received with no cost, a coin sent to who knows where. */
const waitingClassifications = ['received', 'sent'];

/**
 * The rows one connection brought, newest first, in the transaction list's envelope; with
 * `waiting`, only those still waiting for a classification. Scoped to the owner.
 */
export async function listConnectionTransactions(
  db: Db,
  userId: string,
  connectionId: string,
  query: ConnectionTransactionsQuery,
): Promise<TransactionListResponse> {
  if (!(await findConnection(db, userId, connectionId))) throw notFound(connectionApiMessages.notFound);
  const where = and(
    eq(transactions.userId, userId),
    eq(transactions.sourceConnectionId, connectionId),
    query.waiting ? inArray(transactions.classification, waitingClassifications) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(transactions).where(where);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.executedAt), desc(transactions.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const n = total?.n ?? 0;
  const link = (page: number) => {
    const path = connectionSyncRoutes.transactions.replace(':id', encodeURIComponent(connectionId));
    const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) });
    if (query.waiting) params.set('waiting', 'true');
    return `${apiBase}${path}?${params.toString()}`;
  };
  return {
    results: rows.map(toTransaction),
    count: n,
    next: query.page * query.page_size < n ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
  };
}
