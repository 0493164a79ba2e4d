import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connectionRecords } from '../../db/schema/index.ts';
import type { Hold, RecordInput } from './exchange-rows.ts';

export interface StoredRecord {
  key: string;
  record: RecordInput;
  reason: string | null;
  detail: string;
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
  }));
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
      .set({ reason: h.reason, detail: h.detail })
      .where(and(eq(connectionRecords.connectionId, connectionId), eq(connectionRecords.key, h.key)));
  }
}
