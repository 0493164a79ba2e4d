import type { TransactionType } from '@app/contracts';
import type { LedgerTransaction } from '@app/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PortfolioRow, portfolios, transactions } from '../../db/schema/index.ts';
import { visibleIn } from '../../lib/portfolio-scope.ts';

export type { PortfolioRow } from '../../db/schema/index.ts';

/** The columns the ledger reads, as stored (NUMERIC comes back as a decimal string). */
export interface LedgerRow {
  id: string;
  coinId: string;
  type: string;
  quantity: string;
  /** Null on a transfer in of unknown cost. */
  pricePerCoin: string | null;
  fee: string;
  /** The fee's currency when not the portfolio's; null or absent: the portfolio's. */
  feeCurrency?: string | null;
  executedAt: Date;
  createdAt: Date;
}

export async function listPortfolios(db: Db, userId: string): Promise<PortfolioRow[]> {
  return db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), visibleIn(portfolios.id)))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
}

/** Whether the user has at least one portfolio (one indexed row read, not the list). */
export async function hasPortfolios(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), visibleIn(portfolios.id)))
    .limit(1);
  return rows.length > 0;
}

export async function countPortfolios(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(portfolios).where(eq(portfolios.userId, userId));
  // count() is a number on PGlite and a string on pg.
  return Number(rows[0]?.n ?? 0);
}

export async function findPortfolio(db: Db, userId: string, id: string): Promise<PortfolioRow | undefined> {
  const rows = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.id, id), visibleIn(portfolios.id)))
    .limit(1);
  return rows[0];
}

/** Row lock for writes: two concurrent edits of one portfolio validate against the same timeline. */
export async function lockPortfolio(db: Db, userId: string, id: string): Promise<PortfolioRow | undefined> {
  const rows = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.id, id), visibleIn(portfolios.id)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function insertPortfolio(
  db: Db,
  values: {
    userId: string;
    name: string;
    description: string;
    portfolioType: string;
    currency: string;
    now: Date;
  },
): Promise<PortfolioRow> {
  const rows = await db
    .insert(portfolios)
    .values({
      userId: values.userId,
      name: values.name,
      description: values.description,
      portfolioType: values.portfolioType,
      currency: values.currency,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePortfolio(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Pick<PortfolioRow, 'name' | 'description' | 'portfolioType' | 'currency'>> & {
    now: Date;
    bumpRevision: boolean;
  },
): Promise<PortfolioRow | undefined> {
  const { now, bumpRevision, ...fields } = values;
  const rows = await db
    .update(portfolios)
    .set({
      ...fields,
      updatedAt: now,
      ...(bumpRevision ? { revision: sql`${portfolios.revision} + 1` } : {}),
    })
    .where(and(eq(portfolios.userId, userId), eq(portfolios.id, id), visibleIn(portfolios.id)))
    .returning();
  return rows[0];
}

export async function deletePortfolio(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.id, id), visibleIn(portfolios.id)))
    .returning({ id: portfolios.id });
  return rows.length > 0;
}

/** Marks the portfolio's ledger as changed; call inside the transaction that wrote its rows. */
export async function bumpPortfolioRevision(db: Db, id: string, now: Date): Promise<number> {
  const rows = await db
    .update(portfolios)
    .set({ revision: sql`${portfolios.revision} + 1`, updatedAt: now })
    .where(eq(portfolios.id, id))
    .returning({ revision: portfolios.revision });
  return rows[0]?.revision ?? -1;
}

/**
 * Every transaction of the portfolio, fetched as one row per coin with the coin's rows packed in
 * one text field: PGlite decodes each field of a result separately, so 100k rows × 8 fields took
 * ~8× longer (and far more memory) than 100 packed rows; node-postgres is as fast either way.
 * Instants travel as epoch microseconds and become Dates (millisecond precision, as before).
 */
/**
 * The portfolio's rows as the ledger reads them, grouped by coin, or only those of `coinIds` (a
 * write's check reads just the coins it touches). Each coin's rows arrive packed in one text value
 * and become ledger rows directly: a large portfolio is never held twice, as database rows and
 * as ledger rows, while it loads.
 */
export async function listLedgerCoins(
  db: Db,
  portfolioId: string,
  coinIds?: readonly string[],
): Promise<Map<string, LedgerTransaction[]>> {
  const coins = new Map<string, LedgerTransaction[]>();
  if (coinIds?.length === 0) return coins;
  const packed = await db
    .select({
      coinId: transactions.coinId,
      rows: sql<string>`string_agg(concat_ws(',', ${transactions.id}, ${transactions.type},
        ${transactions.quantity}, coalesce(${transactions.pricePerCoin}::text, ''), ${transactions.fee},
        floor(extract(epoch from ${transactions.executedAt}) * 1000000)::bigint,
        floor(extract(epoch from ${transactions.createdAt}) * 1000000)::bigint,
        coalesce(${transactions.feeCurrency}, '')), ';')`,
    })
    .from(transactions)
    .where(
      coinIds
        ? and(eq(transactions.portfolioId, portfolioId), inArray(transactions.coinId, [...coinIds]))
        : eq(transactions.portfolioId, portfolioId),
    )
    .groupBy(transactions.coinId);
  for (const { coinId, rows } of packed) {
    const list: LedgerTransaction[] = [];
    for (const row of rows.split(';')) {
      const [id, type, quantity, pricePerCoin, fee, executedUs, createdUs, feeCurrency] = row.split(',');
      if (createdUs === undefined) throw new Error(`Unreadable ledger row of portfolio ${portfolioId}`);
      list.push({
        id: id ?? '',
        coin_id: coinId,
        type: type as TransactionType,
        quantity: quantity ?? '',
        // concat_ws skips a null, so an unknown price is packed as '' to keep the fields in place.
        price_per_coin: pricePerCoin || null,
        fee: fee ?? '',
        ...(feeCurrency ? { fee_currency: feeCurrency } : {}),
        executed_at: isoOfMicros(executedUs),
        created_at: isoOfMicros(createdUs),
      });
    }
    coins.set(coinId, list);
  }
  return coins;
}

function isoOfMicros(micros: string | undefined): string {
  return new Date(Math.floor(Number(micros) / 1000)).toISOString();
}

/** How many rows the portfolio holds. */
export async function countLedgerRows(db: Db, portfolioId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId));
  return row?.n ?? 0;
}

/** Whether any fee of the portfolio is recorded in another currency than `currency` (and is not 0). */
export async function hasForeignFees(db: Db, portfolioId: string, currency: string): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.portfolioId, portfolioId),
        sql`${transactions.feeCurrency} is not null and lower(${transactions.feeCurrency}) <> ${currency.toLowerCase()} and ${transactions.fee} > 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Portfolio ids of the user that hold at least one transaction of the coin. */
export async function portfoliosWithCoin(db: Db, userId: string, coinId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ portfolioId: transactions.portfolioId })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.coinId, coinId),
        visibleIn(transactions.portfolioId),
      ),
    );
  return rows.map((r) => r.portfolioId);
}

export async function findPortfoliosByIds(db: Db, userId: string, ids: string[]): Promise<PortfolioRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), inArray(portfolios.id, ids), visibleIn(portfolios.id)));
}
