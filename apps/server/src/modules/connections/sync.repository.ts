import type { ConnectionProgress, TransactionClassification } from '@app/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ConnectionRow, connections, type TransactionRow, transactions } from '../../db/schema/index.ts';

/** A connection by id alone: syncs run as jobs, outside any request and its user. */
export async function connectionById(db: Db, id: string, lock = false): Promise<ConnectionRow | undefined> {
  const query = db.select().from(connections).where(eq(connections.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Locks the connection's row for the transaction without reading its cursor back; false once it is gone. */
export async function lockConnection(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.id, id))
    .limit(1)
    .for('update');
  return rows.length > 0;
}

export async function markSyncing(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(connections)
    .set({ state: 'syncing', progress: { addresses_scanned: 0, transactions_found: 0 }, updatedAt: now })
    .where(eq(connections.id, id));
}

/** Only while the sync runs: a late write must not undo the state its end wrote. */
export async function saveProgress(db: Db, id: string, progress: ConnectionProgress): Promise<void> {
  await db
    .update(connections)
    .set({ progress })
    .where(and(eq(connections.id, id), eq(connections.state, 'syncing')));
}

export interface SyncedState {
  sealedCursor: Uint8Array;
  chainBalances: Record<string, string>;
  progress: ConnectionProgress;
  nextSyncAt: Date;
}

export async function saveSynced(db: Db, id: string, state: SyncedState, now: Date): Promise<void> {
  await db
    .update(connections)
    .set({
      ...state,
      state: 'up_to_date',
      lastSyncedAt: now,
      errorMessage: null,
      failures: 0,
      failureNotifiedAt: null,
      updatedAt: now,
    })
    .where(eq(connections.id, id));
}

export async function saveFailed(
  db: Db,
  id: string,
  failed: { state: 'failed' | 'needs_attention'; message: string; failures: number; nextSyncAt: Date | null },
  notifiedAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(connections)
    .set({
      state: failed.state,
      errorMessage: failed.message,
      failures: failed.failures,
      nextSyncAt: failed.nextSyncAt,
      failureNotifiedAt: notifiedAt,
      updatedAt: now,
    })
    .where(eq(connections.id, id));
}

/** Only the cursor: a token mapped between syncs records what it booked. */
export async function saveCursor(db: Db, id: string, sealedCursor: Uint8Array, now: Date): Promise<void> {
  await db.update(connections).set({ sealedCursor, updatedAt: now }).where(eq(connections.id, id));
}

/**
 * Connections whose next sync is due: never synced, or their time has come. One left `syncing`
 * by a process that died is due again once its time passes (its job is found by key, so a live
 * one is never doubled). Needs-attention ones wait for their owner.
 */
export async function dueConnectionIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        ne(connections.state, 'needs_attention'),
        or(isNull(connections.nextSyncAt), lte(connections.nextSyncAt, now)),
      ),
    )
    .orderBy(asc(connections.nextSyncAt), asc(connections.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The rows a connection brought, all of them or those with the given outside ids. */
export async function sourcedRows(
  db: Db,
  connectionId: string,
  sourceIds?: readonly string[],
): Promise<TransactionRow[]> {
  const base = eq(transactions.sourceConnectionId, connectionId);
  if (sourceIds === undefined)
    return db
      .select()
      .from(transactions)
      .where(and(base, isNotNull(transactions.sourceId)));
  const out: TransactionRow[] = [];
  for (let i = 0; i < sourceIds.length; i += 1000) {
    const chunk = sourceIds.slice(i, i + 1000);
    out.push(
      ...(await db
        .select()
        .from(transactions)
        .where(and(base, inArray(transactions.sourceId, chunk)))),
    );
  }
  return out;
}

export interface SourcedRowValues {
  id: string;
  portfolioId: string;
  coinId: string;
  type: 'transfer_in' | 'transfer_out' | 'sell' | 'buy' | 'reward';
  quantity: string;
  /** Null only for a transfer in: a coin received whose cost nobody has given yet. */
  pricePerCoin: string | null;
  executedAt: Date;
  sourceConnectionId: string;
  sourceId: string;
  /** Null for an exchange's trades: a buy or sell says what it is by its type. */
  classification: TransactionClassification | null;
  /** An exchange's rows: the trade's fee (in the portfolio's currency unless feeCurrency says). */
  fee?: string;
  feeCurrency?: string | null;
  note?: string;
  rewardKind?: string | null;
  /** The exchange's own id of the record (shared with its CSV export's rows). */
  outsideRef?: string | null;
  /** An exchange's coin deposit or withdrawal: the chain's transaction id, normalised. */
  txHash?: string | null;
}

export async function insertSourcedRows(
  db: Db,
  userId: string,
  values: readonly SourcedRowValues[],
  now: Date,
): Promise<TransactionRow[]> {
  const out: TransactionRow[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const chunk = values.slice(i, i + 1000).map((v, j) => ({
      ...v,
      userId,
      fee: v.fee ?? '0',
      feeCurrency: v.feeCurrency ?? null,
      note: v.note ?? '',
      rewardKind: v.rewardKind ?? null,
      outsideRef: v.outsideRef ?? null,
      txHash: v.txHash ?? null,
      // Distinct entry times keep the booking order as the tie-break between rows of one instant.
      createdAt: new Date(now.getTime() + i + j),
      updatedAt: now,
    }));
    out.push(...(await db.insert(transactions).values(chunk).returning()));
  }
  return out;
}

export async function deleteRows(db: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(transactions).where(inArray(transactions.id, ids.slice(i, i + 1000)));
  }
}

/**
 * Network fees booked as a transfer out because their day had no close yet, and still as booked:
 * a later sync prices them once the close is known.
 */
export async function unpricedFeeRows(db: Db, connectionId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.sourceConnectionId, connectionId),
        eq(transactions.classification, 'network_fee'),
        eq(transactions.type, 'transfer_out'),
      ),
    );
}

/** A fee that left at no known value becomes the sale at its day's close it always was. */
export async function priceFeeRow(db: Db, id: string, close: string, now: Date): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ type: 'sell', pricePerCoin: close, updatedAt: now })
    .where(eq(transactions.id, id))
    .returning();
  if (!row) throw new Error('priced fee row vanished inside its transaction');
  return row;
}

export async function moveRow(db: Db, id: string, executedAt: Date, now: Date): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ executedAt, updatedAt: now })
    .where(eq(transactions.id, id))
    .returning();
  if (!row) throw new Error('moved row vanished inside its transaction');
  return row;
}

/** Signed quantities of a connection's rows per (chain, coin): the ledger's side of reconciliation. */
export async function sourcedTotals(
  db: Db,
  connectionId: string,
): Promise<{ id: string; sourceId: string; coinId: string; type: string; quantity: string }[]> {
  return db
    .select({
      id: transactions.id,
      sourceId: sql<string>`${transactions.sourceId}`,
      coinId: transactions.coinId,
      type: transactions.type,
      quantity: transactions.quantity,
    })
    .from(transactions)
    .where(and(eq(transactions.sourceConnectionId, connectionId), isNotNull(transactions.sourceId)));
}
