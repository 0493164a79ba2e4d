import {
  type Connection,
  type ConnectionReconciliation,
  type ConnectionTransactionsQuery,
  connectionApiMessages,
  connectionSyncMessages,
  type TransactionListResponse,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { apiError, notFound } from '../../lib/app-error.ts';
import { listConnectionTransactions } from './connection-transactions.ts';
import { type ConnectionRow, findConnection } from './connections.repository.ts';
import { toConnection } from './connections.service.ts';
import { reconcile } from './reconciliation.ts';
import { createCursorBox } from './sync-cursor.ts';
import type { SyncRunner } from './sync-runner.ts';

/**
 * What the owner asks of a connection's sync: run it now, and compare what it booked with what
 * the chain holds. Every call is scoped to the owner, so another user's connection is a 404.
 */
/** The other half of each proposed own transfer of a user, by transaction id. */
export type ProposedPartners = (
  userId: string,
) => Promise<ReadonlyMap<string, { transaction_id: string; portfolio_name: string }>>;

export function createSyncService(deps: {
  db: Db;
  sessionSecret: string;
  runner: SyncRunner;
  /** Handed down by the app (transfers sit above connections); without it no row says so. */
  proposedPartners?: ProposedPartners | undefined;
}) {
  const { db } = deps;
  const cursors = createCursorBox(deps.sessionSecret);

  async function owned(userId: string, id: string): Promise<ConnectionRow> {
    const row = await findConnection(db, userId, id);
    if (!row) throw notFound(connectionApiMessages.notFound);
    return row;
  }

  return {
    /** Queues a sync now; refused while one runs (its progress shows on the connection). */
    async syncNow(userId: string, id: string): Promise<Connection> {
      const row = await owned(userId, id);
      if ((await deps.runner.request(row.id)) === 'running') {
        throw apiError('conflict', connectionSyncMessages.alreadySyncing);
      }
      return toConnection((await findConnection(db, userId, id)) ?? row);
    },

    async reconciliation(userId: string, id: string): Promise<ConnectionReconciliation> {
      const row = await owned(userId, id);
      return reconcile(db, row, cursors.open(row.sealedCursor, row.id));
    },

    /** The rows the connection brought, or only those still waiting for the owner's word. */
    async transactions(
      userId: string,
      id: string,
      query: ConnectionTransactionsQuery,
    ): Promise<TransactionListResponse> {
      const page = await listConnectionTransactions(db, userId, id, query);
      if (!deps.proposedPartners || page.results.length === 0) return page;
      const partners = await deps.proposedPartners(userId);
      return {
        ...page,
        results: page.results.map((t) => {
          const partner = partners.get(t.id);
          return partner ? { ...t, proposed_transfer: partner } : t;
        }),
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
