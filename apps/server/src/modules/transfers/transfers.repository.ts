import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections, portfolios, transactions, transferDecisions } from '../../db/schema/index.ts';
import { visibleIn } from '../../lib/portfolio-scope.ts';

/** A transfer_in or transfer_out of the user with what tells where it came from. */
export interface TransferRow {
  id: string;
  portfolioId: string;
  portfolioName: string;
  coinId: string;
  type: string;
  quantity: string;
  executedAt: Date;
  sourceConnectionId: string | null;
  /** The connection's kind (bitcoin, evm, exchange); null without one. */
  connectionKind: string | null;
  connectionLabel: string | null;
  sourceId: string | null;
  outsideRef: string | null;
  txHash: string | null;
  classification: string | null;
  matchedTransactionId: string | null;
  updatedAt: Date;
}

/** Every withdrawal and deposit of the user, across all portfolios. */
export async function listTransferRows(db: Db, userId: string): Promise<TransferRow[]> {
  return db
    .select({
      id: transactions.id,
      portfolioId: transactions.portfolioId,
      portfolioName: portfolios.name,
      coinId: transactions.coinId,
      type: transactions.type,
      quantity: transactions.quantity,
      executedAt: transactions.executedAt,
      sourceConnectionId: transactions.sourceConnectionId,
      connectionKind: connections.kind,
      connectionLabel: connections.label,
      sourceId: transactions.sourceId,
      outsideRef: transactions.outsideRef,
      txHash: transactions.txHash,
      classification: transactions.classification,
      matchedTransactionId: transactions.matchedTransactionId,
      updatedAt: transactions.updatedAt,
    })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .leftJoin(connections, eq(connections.id, transactions.sourceConnectionId))
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.type, ['transfer_in', 'transfer_out']),
        visibleIn(transactions.portfolioId),
      ),
    );
}

export interface RejectedPair {
  outId: string;
  inId: string;
}

/** The pairs the owner said are not one transfer, oldest first. */
export async function listRejections(db: Db, userId: string): Promise<RejectedPair[]> {
  return db
    .select({ outId: transferDecisions.outTransactionId, inId: transferDecisions.inTransactionId })
    .from(transferDecisions)
    .where(and(eq(transferDecisions.userId, userId), eq(transferDecisions.kind, 'rejected')))
    .orderBy(transferDecisions.createdAt, transferDecisions.id);
}

export async function insertRejection(db: Db, userId: string, pair: RejectedPair, now: Date): Promise<void> {
  await db
    .insert(transferDecisions)
    .values({ userId, outTransactionId: pair.outId, inTransactionId: pair.inId, createdAt: now })
    .onConflictDoNothing({ target: [transferDecisions.outTransactionId, transferDecisions.inTransactionId] });
}

export async function deleteRejection(db: Db, userId: string, pair: RejectedPair): Promise<void> {
  await db
    .delete(transferDecisions)
    .where(
      and(
        eq(transferDecisions.userId, userId),
        eq(transferDecisions.outTransactionId, pair.outId),
        eq(transferDecisions.inTransactionId, pair.inId),
      ),
    );
}

/**
 * Points rows at their other half (or at nothing), in one statement per row. A connection's row
 * also says what it now is, as the connection's own classification does.
 */
export async function saveMatchedHalf(
  db: Db,
  userId: string,
  id: string,
  change: { matchedTransactionId: string | null; classification?: string },
  now: Date,
) {
  const [row] = await db
    .update(transactions)
    .set({ ...change, updatedAt: now })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .returning();
  return row;
}

/** Rows still pointing at one of `ids` (the halves a new pair leaves without a partner). */
export async function rowsMatchedTo(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: transactions.id,
      portfolioId: transactions.portfolioId,
      type: transactions.type,
      sourceId: transactions.sourceId,
      classification: transactions.classification,
      matchedTransactionId: transactions.matchedTransactionId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        or(inArray(transactions.matchedTransactionId, [...ids]), inArray(transactions.id, [...ids])),
      ),
    );
}
