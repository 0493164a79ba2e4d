import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolioSnapshots } from '../../db/schema/index.ts';

export interface StoredSnapshot {
  revision: number;
  format: string;
  payload: Uint8Array;
}

/*
 * The payload travels as base64 text: PGlite (de)serialises a bytea byte by byte in JavaScript,
 * slow for a payload this size, while text crosses as one string and Buffer decodes it natively.
 */

export async function readSnapshot(
  db: Db,
  portfolioId: string,
  kind: string,
): Promise<StoredSnapshot | null> {
  const rows = await db
    .select({
      revision: portfolioSnapshots.revision,
      format: portfolioSnapshots.format,
      payload: sql<string>`encode(${portfolioSnapshots.payload}, 'base64')`,
    })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.portfolioId, portfolioId), eq(portfolioSnapshots.kind, kind)))
    .limit(1);
  const row = rows[0];
  return row
    ? { revision: row.revision, format: row.format, payload: Buffer.from(row.payload, 'base64') }
    : null;
}

/** Which revision and format are stored, without the payload (deciding whether to read it). */
export async function readSnapshotVersion(
  db: Db,
  portfolioId: string,
  kind: string,
): Promise<{ revision: number; format: string } | null> {
  const rows = await db
    .select({ revision: portfolioSnapshots.revision, format: portfolioSnapshots.format })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.portfolioId, portfolioId), eq(portfolioSnapshots.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores a snapshot unless a newer revision is already stored (two processes may compute the
 * same portfolio; the later revision wins whatever order they finish in).
 */
export async function writeSnapshot(
  db: Db,
  portfolioId: string,
  kind: string,
  snapshot: StoredSnapshot,
): Promise<void> {
  const payload = sql`decode(${Buffer.from(snapshot.payload.buffer, snapshot.payload.byteOffset, snapshot.payload.byteLength).toString('base64')}, 'base64')`;
  await db
    .insert(portfolioSnapshots)
    .values({ portfolioId, kind, revision: snapshot.revision, format: snapshot.format, payload })
    .onConflictDoUpdate({
      target: [portfolioSnapshots.portfolioId, portfolioSnapshots.kind],
      set: {
        revision: snapshot.revision,
        format: snapshot.format,
        payload,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${portfolioSnapshots.revision} <= ${snapshot.revision}`,
    });
}
