import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { saleLotChoices, transactions } from '../../db/schema/index.ts';
import { plain } from './transaction-mapper.ts';

/** One named lot of a sale, as stored: the acquisition and a plain decimal string. */
export interface StoredLotChoice {
  acquisitionId: string;
  quantity: string;
}

/** Replaces the sale's named lots (none: the choice is cleared). Inside the sale's write. */
export async function replaceLotChoices(
  db: Db,
  userId: string,
  saleId: string,
  lines: readonly StoredLotChoice[],
): Promise<void> {
  await db
    .delete(saleLotChoices)
    .where(and(eq(saleLotChoices.userId, userId), eq(saleLotChoices.saleId, saleId)));
  if (lines.length === 0) return;
  await db.insert(saleLotChoices).values(
    lines.map((l, position) => ({
      saleId,
      userId,
      acquisitionId: l.acquisitionId,
      quantity: l.quantity,
      position,
    })),
  );
}

function grouped(rows: readonly { saleId: string; acquisitionId: string; quantity: string }[]) {
  const out = new Map<string, StoredLotChoice[]>();
  for (const r of rows) {
    const line = { acquisitionId: r.acquisitionId, quantity: plain(r.quantity) };
    const list = out.get(r.saleId);
    if (list) list.push(line);
    else out.set(r.saleId, [line]);
  }
  return out;
}

const columns = {
  saleId: saleLotChoices.saleId,
  acquisitionId: saleLotChoices.acquisitionId,
  quantity: saleLotChoices.quantity,
};

/** Every sale of the user that names its lots: sale id → the lots in the order named. */
export async function findUserLotChoices(db: Db, userId: string): Promise<Map<string, StoredLotChoice[]>> {
  const rows = await db
    .select(columns)
    .from(saleLotChoices)
    .where(eq(saleLotChoices.userId, userId))
    .orderBy(asc(saleLotChoices.saleId), asc(saleLotChoices.position));
  return grouped(rows);
}

/** The named lots of the given sales of the user (a page of the list, one row). */
export async function findLotChoices(
  db: Db,
  userId: string,
  saleIds: readonly string[],
): Promise<Map<string, StoredLotChoice[]>> {
  if (saleIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(saleLotChoices)
    .where(and(eq(saleLotChoices.userId, userId), inArray(saleLotChoices.saleId, [...saleIds])))
    .orderBy(asc(saleLotChoices.saleId), asc(saleLotChoices.position));
  return grouped(rows);
}

/**
 * Whether a sale of any of these coins names its lots: a write elsewhere in such a coin could
 * take units a choice counts on, so it is checked against the choices first.
 */
export async function hasLotChoicesOn(db: Db, userId: string, coinIds: readonly string[]): Promise<boolean> {
  if (coinIds.length === 0) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(saleLotChoices)
    .innerJoin(transactions, eq(transactions.id, saleLotChoices.saleId))
    .where(and(eq(saleLotChoices.userId, userId), inArray(transactions.coinId, [...coinIds])))
    .limit(1);
  return rows.length > 0;
}
