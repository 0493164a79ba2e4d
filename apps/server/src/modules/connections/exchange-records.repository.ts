import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connectionRecords, type TransactionRow, transactions } from '../../db/schema/index.ts';
import type { Hold, RecordInput } from './exchange-rows.ts';

export interface StoredRecord {
  key: string;
  record: RecordInput;
  reason: string | null;
  detail: string;
  decision: OwnerDecision | null;
}

/** What the owner said of a possible duplicate: it is these rows, or another record beside them. */
export type OwnerDecision = { decision: 'same'; rows: string[] } | { decision: 'separate' };

function decisionOf(row: { decision: string | null; decidedRows: string[] }): OwnerDecision | null {
  if (row.decision === 'same') return { decision: 'same', rows: row.decidedRows };
  if (row.decision === 'separate') return { decision: 'separate' };
  return null;
}

/** Stages a page's records; one read twice (a resumed read) stages each once. */
export async function stageRecords(
  db: Db,
  connectionId: string,
  records: readonly { key: string; record: RecordInput }[],
): Promise<void> {
  for (let i = 0; i < records.length; i += 500) {
    const chunk = records.slice(i, i + 500).map((r) => ({ connectionId, key: r.key, record: r.record }));
    if (chunk.length > 0) await db.insert(connectionRecords).values(chunk).onConflictDoNothing();
  }
}

/** Every staged or held record of the connection, in the order they were staged. */
export async function listRecords(db: Db, connectionId: string): Promise<StoredRecord[]> {
  const rows = await db
    .select()
    .from(connectionRecords)
    .where(eq(connectionRecords.connectionId, connectionId))
    .orderBy(asc(connectionRecords.createdAt), asc(connectionRecords.key));
  return rows.map((r) => ({
    key: r.key,
    record: r.record as RecordInput,
    reason: r.reason,
    detail: r.detail,
    decision: decisionOf(r),
  }));
}

/** One record of the connection, locked when asked (a decision is written under the lock). */
export async function findRecord(
  db: Db,
  connectionId: string,
  key: string,
  lock = false,
): Promise<StoredRecord | undefined> {
  const query = db
    .select()
    .from(connectionRecords)
    .where(and(eq(connectionRecords.connectionId, connectionId), eq(connectionRecords.key, key)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return (
    row && {
      key: row.key,
      record: row.record as RecordInput,
      reason: row.reason,
      detail: row.detail,
      decision: decisionOf(row),
    }
  );
}

/**
 * The decisions as they stand now, read by the booking under the connection's lock: a decision
 * written while the sync was reading the exchange still counts.
 */
export async function recordDecisions(db: Db, connectionId: string): Promise<Map<string, OwnerDecision>> {
  const rows = await db
    .select({
      key: connectionRecords.key,
      decision: connectionRecords.decision,
      decidedRows: connectionRecords.decidedRows,
    })
    .from(connectionRecords)
    .where(and(eq(connectionRecords.connectionId, connectionId), isNotNull(connectionRecords.decision)));
  const out = new Map<string, OwnerDecision>();
  for (const r of rows) {
    const decision = decisionOf(r);
    if (decision) out.set(r.key, decision);
  }
  return out;
}

/** Stores the owner's decision on every staged entry of one record (a conversion has two). */
export async function decideRecords(
  db: Db,
  connectionId: string,
  keys: readonly string[],
  decision: OwnerDecision,
): Promise<void> {
  await db
    .update(connectionRecords)
    .set({ decision: decision.decision, decidedRows: decision.decision === 'same' ? decision.rows : [] })
    .where(and(eq(connectionRecords.connectionId, connectionId), inArray(connectionRecords.key, [...keys])));
}

export async function deleteRecords(db: Db, connectionId: string, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    await db
      .delete(connectionRecords)
      .where(and(eq(connectionRecords.connectionId, connectionId), inArray(connectionRecords.key, chunk)));
  }
}

/** Marks records the booking could not take, with why; the next sync tries them again. */
export async function holdRecords(db: Db, connectionId: string, holds: readonly Hold[]): Promise<void> {
  for (const h of holds) {
    await db
      .update(connectionRecords)
      .set({
        reason: h.reason,
        detail: h.detail,
        ...(h.undecided ? { decision: null, decidedRows: [] } : {}),
      })
      .where(and(eq(connectionRecords.connectionId, connectionId), eq(connectionRecords.key, h.key)));
  }
}

/**
 * Rows a held record names (or its owner chose), by id, in the connection's portfolio only. Those
 * this connection already carries are left out: another of its records took them since, so they
 * are no longer anything this record could be.
 */
export async function rowsById(
  db: Db,
  connection: { id: string; portfolioId: string },
  ids: readonly string[],
): Promise<Map<string, TransactionRow>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, TransactionRow>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.portfolioId, connection.portfolioId),
          inArray(transactions.id, unique.slice(i, i + 1000)),
          or(
            isNull(transactions.sourceConnectionId),
            sql`${transactions.sourceConnectionId} <> ${connection.id}`,
          ),
        ),
      );
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}
