import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TransactionRow, transactions } from '../../db/schema/index.ts';
import { visibleIn } from '../../lib/portfolio-scope.ts';

export type { TransactionRow } from '../../db/schema/index.ts';

export interface TransactionValues {
  portfolioId: string;
  coinId: string;
  type: string;
  quantity: string;
  /** Null only on a transfer in whose cost is unknown (the table's check allows nothing else). */
  pricePerCoin: string | null;
  fee: string;
  feeCurrency: string | null;
  executedAt: Date;
  note: string;
  rewardKind: string | null;
  /** Set only for rows a connection brought: the connection and the row's outside id. */
  sourceConnectionId?: string | null;
  sourceId?: string | null;
  /** A connection's row: what its owner said it is (or that they have not yet). */
  classification?: string | null;
  /** The other half of an own transfer, once matched. */
  matchedTransactionId?: string | null;
  /** The exchange's own id of the record (CSV import or exchange sync alike). */
  outsideRef?: string | null;
}

export interface TransactionFilter {
  portfolioId?: string | undefined;
  coinId?: string | undefined;
  type?: string | undefined;
  /** Text in the note or the coin id, or one of these coins (matched by name or symbol). */
  search?: { text: string; coinIds: readonly string[] } | undefined;
}

/** LIKE's wildcards typed by the user match themselves. */
const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(userId: string, filter: TransactionFilter): SQL | undefined {
  const search = filter.search;
  return and(
    eq(transactions.userId, userId),
    visibleIn(transactions.portfolioId),
    filter.portfolioId ? eq(transactions.portfolioId, filter.portfolioId) : undefined,
    filter.coinId ? eq(transactions.coinId, filter.coinId) : undefined,
    filter.type ? eq(transactions.type, filter.type) : undefined,
    search
      ? or(
          ilike(transactions.note, likeEscaped(search.text)),
          ilike(transactions.coinId, likeEscaped(search.text)),
          search.coinIds.length > 0 ? inArray(transactions.coinId, [...search.coinIds]) : undefined,
        )
      : undefined,
  );
}

/** Newest first (then latest entered), the order of the transaction list. */
export async function listTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; count: number }> {
  const condition = where(userId, filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(condition)
      .orderBy(desc(transactions.executedAt), desc(transactions.createdAt), desc(transactions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(transactions).where(condition),
  ]);
  // count() is a number on PGlite and a string on pg.
  return { rows, count: Number(totals[0]?.n ?? 0) };
}

export async function findTransaction(
  db: Db,
  userId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id), visibleIn(transactions.portfolioId)))
    .limit(1);
  return rows[0];
}

export async function insertTransactions(
  db: Db,
  userId: string,
  values: readonly TransactionValues[],
  now: Date,
): Promise<TransactionRow[]> {
  if (values.length === 0) return [];
  if (values.length > 50) return bulkInsert(db, userId, values, now);
  const out: TransactionRow[] = [];
  // Batches keep each statement under the 65k bind-parameter limit (18 columns per row).
  for (let i = 0; i < values.length; i += 1000) {
    const chunk = values.slice(i, i + 1000).map((v, j) => ({
      ...v,
      userId,
      // Distinct created_at per row keeps the entry order as the tie-break of equal dates.
      createdAt: new Date(now.getTime() + i + j),
      updatedAt: now,
    }));
    out.push(...(await db.insert(transactions).values(chunk).returning()));
  }
  return out;
}

/**
 * Imports: one JSON parameter per 5,000 rows expanded by json_to_recordset, because building a
 * 14-parameter-per-row statement in the query builder is far slower here.
 */
async function bulkInsert(
  db: Db,
  userId: string,
  values: readonly TransactionValues[],
  now: Date,
): Promise<TransactionRow[]> {
  const out: TransactionRow[] = [];
  for (let i = 0; i < values.length; i += 5000) {
    const records = values.slice(i, i + 5000).map((v, j) => ({
      user_id: userId,
      portfolio_id: v.portfolioId,
      coin_id: v.coinId,
      type: v.type,
      quantity: v.quantity,
      price_per_coin: v.pricePerCoin,
      fee: v.fee,
      fee_currency: v.feeCurrency,
      executed_at: v.executedAt.toISOString(),
      note: v.note,
      reward_kind: v.rewardKind,
      source_connection_id: v.sourceConnectionId ?? null,
      source_id: v.sourceId ?? null,
      classification: v.classification ?? null,
      matched_transaction_id: v.matchedTransactionId ?? null,
      outside_ref: v.outsideRef ?? null,
      created_at: new Date(now.getTime() + i + j).toISOString(),
      updated_at: now.toISOString(),
    }));
    const result: unknown = await db.execute(sql`
      insert into transactions (user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee,
        fee_currency, executed_at, note, reward_kind, source_connection_id, source_id,
        classification, matched_transaction_id, outside_ref, created_at, updated_at)
      select user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee, fee_currency,
        executed_at, note, reward_kind, source_connection_id, source_id, classification,
        matched_transaction_id, outside_ref, created_at, updated_at
      from json_to_recordset(${JSON.stringify(records)}::json) as r(user_id uuid, portfolio_id uuid,
        coin_id text, type text, quantity numeric, price_per_coin numeric, fee numeric,
        fee_currency text, executed_at timestamptz, note text, reward_kind text,
        source_connection_id uuid, source_id text, classification text,
        matched_transaction_id uuid, outside_ref text, created_at timestamptz, updated_at timestamptz)
      returning *`);
    // node-postgres and PGlite both answer { rows }; timestamps may come back as Date or text.
    const rows = (result as { rows: Record<string, unknown>[] }).rows;
    for (const r of rows) out.push(fromRaw(r));
  }
  return out;
}

function fromRaw(r: Record<string, unknown>): TransactionRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(r.id),
    userId: String(r.user_id),
    portfolioId: String(r.portfolio_id),
    coinId: String(r.coin_id),
    type: String(r.type),
    quantity: String(r.quantity),
    pricePerCoin: text(r.price_per_coin),
    fee: String(r.fee),
    feeCurrency: text(r.fee_currency),
    executedAt: date(r.executed_at),
    note: String(r.note ?? ''),
    rewardKind: text(r.reward_kind),
    sourceConnectionId: text(r.source_connection_id),
    sourceId: text(r.source_id),
    classification: text(r.classification),
    matchedTransactionId: text(r.matched_transaction_id),
    outsideRef: text(r.outside_ref),
    txHash: text(r.tx_hash),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

export async function updateTransaction(
  db: Db,
  userId: string,
  id: string,
  values: TransactionValues,
  now: Date,
): Promise<TransactionRow | undefined> {
  const rows = await db
    .update(transactions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id), visibleIn(transactions.portfolioId)))
    .returning();
  return rows[0];
}

export async function deleteTransaction(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id), visibleIn(transactions.portfolioId)))
    .returning({ id: transactions.id });
  return rows.length > 0;
}

export async function listPortfolioTransactions(
  db: Db,
  userId: string,
  portfolioId: string,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.portfolioId, portfolioId),
        visibleIn(transactions.portfolioId),
      ),
    )
    .orderBy(transactions.executedAt, transactions.createdAt);
}

/** Distinct coin ids the user has transactions in (filters and options). */
export async function userCoinIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ coinId: transactions.coinId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), visibleIn(transactions.portfolioId)));
  return rows.map((r) => r.coinId).sort();
}

export async function recentTransactions(
  db: Db,
  userId: string,
  portfolioIds: string[],
  limit: number,
): Promise<TransactionRow[]> {
  if (portfolioIds.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.portfolioId, portfolioIds),
        visibleIn(transactions.portfolioId),
      ),
    )
    .orderBy(desc(transactions.executedAt), desc(transactions.createdAt))
    .limit(limit);
}

/** The rows of one coin in one portfolio that a connection brought, with their outside ids. */
export async function sourcedCoinRows(
  db: Db,
  userId: string,
  portfolioId: string,
  coinId: string,
): Promise<{ transaction_id: string; connection_id: string | null; source_id: string }[]> {
  const rows = await db
    .select({
      id: transactions.id,
      connectionId: transactions.sourceConnectionId,
      sourceId: transactions.sourceId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.portfolioId, portfolioId),
        eq(transactions.coinId, coinId),
        sql`${transactions.sourceId} is not null`,
      ),
    )
    .orderBy(transactions.executedAt, transactions.createdAt);
  return rows.map((r) => ({
    transaction_id: r.id,
    connection_id: r.connectionId,
    source_id: r.sourceId ?? '',
  }));
}
