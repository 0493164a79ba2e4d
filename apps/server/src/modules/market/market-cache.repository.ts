import { type MarketMode, type MarketSourceId, marketSourceIds } from '@app/contracts';
import type { DailyCandle } from '@app/core';
import { and, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { numbersOf, rowsOf } from '../../db/raw-rows.ts';
import { dailyCandles, marketCache } from '../../db/schema/index.ts';

export interface CacheEntry {
  payload: unknown;
  source: string;
  fetchedAt: Date;
}

export async function readCacheEntries(db: Db, keys: readonly string[]): Promise<Map<string, CacheEntry>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(marketCache)
    .where(inArray(marketCache.key, [...keys]));
  return new Map(rows.map((r) => [r.key, { payload: r.payload, source: r.source, fetchedAt: r.fetchedAt }]));
}

export async function writeCacheEntry(db: Db, key: string, entry: CacheEntry): Promise<void> {
  if (entry.source === 'demo') {
    // Once live, a demo copy is never stored again (see demoSwitchLockKey for the order).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${demoSwitchLockKey})`);
      const live = await tx
        .select({ key: marketCache.key })
        .from(marketCache)
        .where(eq(marketCache.key, marketModeKey));
      if (live.length === 0) await upsertCacheEntry(tx, key, entry);
    });
    return;
  }
  await upsertCacheEntry(db, key, entry);
}

async function upsertCacheEntry(db: Db, key: string, entry: CacheEntry): Promise<void> {
  await db
    .insert(marketCache)
    .values({ key, payload: entry.payload, source: entry.source, fetchedAt: entry.fetchedAt })
    .onConflictDoUpdate({
      target: marketCache.key,
      set: { payload: entry.payload, source: entry.source, fetchedAt: entry.fetchedAt },
    });
}

/** The cache key whose presence means the server has been live (demo rows are never read again). */
export const marketModeKey = 'market:mode';

/**
 * Which rows a read may see: in demo mode only the snapshot's rows, in live mode
 * every real provider's and never a demo row, so one series never mixes simulated and real.
 */
function candleSourceFilter(mode: MarketMode): SQL {
  return mode === 'demo' ? eq(dailyCandles.source, 'demo') : ne(dailyCandles.source, 'demo');
}

/**
 * Orders demo writes against the switch to live on PostgreSQL, where they run on other
 * connections under READ COMMITTED: a demo write that checked for the mode row before the switch
 * committed, and wrote after the purge's delete had looked, would leave simulated rows behind.
 * Demo writes hold this lock shared for their transaction, the switch holds it exclusively before
 * deleting: the delete then sees every demo row written before it, and a demo write after it sees
 * the mode row and stores nothing. (PGlite runs transactions one at a time; the lock is free.)
 */
const demoSwitchLockKey = 7_340_010;

/** Who produced a batch of rows, and when. */
export interface Provenance {
  source: MarketSourceId;
  fetchedAt: Date;
}

export async function lastCandleDay(
  db: Db,
  mode: MarketMode,
  coinId: string,
  vs: string,
): Promise<string | null> {
  const rows = await db
    .select({ day: dailyCandles.day })
    .from(dailyCandles)
    .where(and(eq(dailyCandles.coinId, coinId), eq(dailyCandles.vsCurrency, vs), candleSourceFilter(mode)))
    .orderBy(desc(dailyCandles.day))
    .limit(1);
  return rows[0]?.day ?? null;
}

/**
 * Upserts candles in one statement per 5,000 days: the rows travel as five arrays (unnest), so
 * a ten-year backfill is one parse and one plan instead of thousands of bound parameters.
 * One statement per chunk, all in one transaction, so a half-written backfill never shows.
 * Every row records its provenance. Demo rows never replace a real row, and once the server has
 * been live (the mode row exists) a demo write stores nothing: a request that started on the
 * snapshot just before the switch cannot bring simulated history back.
 */
export async function upsertCandles(
  db: Db,
  coinId: string,
  vs: string,
  candles: readonly DailyCandle[],
  provenance: Provenance,
): Promise<void> {
  if (candles.length === 0) return;
  const demo = provenance.source === 'demo';
  const unlessLive = demo
    ? sql`where not exists (select 1 from market_cache where key = ${marketModeKey})`
    : sql``;
  const keepReal = demo ? sql`where daily_candles.source = 'demo'` : sql``;
  const fetchedAt = provenance.fetchedAt.toISOString();
  await db.transaction(async (tx) => {
    if (demo) await tx.execute(sql`select pg_advisory_xact_lock_shared(${demoSwitchLockKey})`);
    for (let i = 0; i < candles.length; i += 5000) {
      const chunk = candles.slice(i, i + 5000);
      await tx.execute(sql`
        insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
        select ${coinId}, ${vs}, u.day, u.open, u.high, u.low, u.close, ${provenance.source}, ${fetchedAt}::timestamptz
        from unnest(
          ${arrayLiteral(chunk.map((c) => c.day))}::date[],
          ${arrayLiteral(chunk.map((c) => c.open))}::float8[],
          ${arrayLiteral(chunk.map((c) => c.high))}::float8[],
          ${arrayLiteral(chunk.map((c) => c.low))}::float8[],
          ${arrayLiteral(chunk.map((c) => c.close))}::float8[]
        ) as u(day, open, high, low, close)
        ${unlessLive}
        on conflict (coin_id, vs_currency, day) do update
          set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
            source = excluded.source, fetched_at = excluded.fetched_at
          ${keepReal}`);
    }
  });
}

/**
 * The switch from demo to live: every simulated row goes in one step, inside the
 * caller's transaction, together with the mode row that keeps demo writes out from then on.
 */
export async function purgeDemoRows(tx: Db): Promise<{ candles: number; cache: number }> {
  // Waits for demo writes in flight on other connections, whose rows this delete could not see.
  await tx.execute(sql`select pg_advisory_xact_lock(${demoSwitchLockKey})`);
  const candles = await tx.delete(dailyCandles).where(eq(dailyCandles.source, 'demo')).returning({
    coinId: dailyCandles.coinId,
  });
  const cache = await tx
    .delete(marketCache)
    .where(eq(marketCache.source, 'demo'))
    .returning({ key: marketCache.key });
  return { candles: candles.length, cache: cache.length };
}

/**
 * Any real (non-demo) market row, newest cache entry first: a server that holds one has been
 * live, with or without a mode row (it was live before the row existed, or ran with
 * MARKET_DATA=coingecko, which never writes it). One cheap probe per table.
 */
export async function findRealMarketRow(db: Db): Promise<Provenance | null> {
  const cached = await db
    .select({ source: marketCache.source, fetchedAt: marketCache.fetchedAt })
    .from(marketCache)
    .where(and(ne(marketCache.source, 'demo'), ne(marketCache.key, marketModeKey)))
    .orderBy(desc(marketCache.fetchedAt))
    .limit(1);
  const row =
    cached[0] ??
    (
      await db
        .select({ source: dailyCandles.source, fetchedAt: dailyCandles.fetchedAt })
        .from(dailyCandles)
        .where(ne(dailyCandles.source, 'demo'))
        .limit(1)
    )[0];
  if (!row) return null;
  const source = (marketSourceIds as readonly string[]).includes(row.source)
    ? (row.source as MarketSourceId)
    : 'coingecko';
  return { source, fetchedAt: row.fetchedAt };
}

/**
 * A PostgreSQL array literal of days (YYYY-MM-DD) or finite numbers: neither needs quoting.
 * JavaScript prints the shortest text that reads back as the same double, so nothing is lost.
 */
function arrayLiteral(values: readonly (string | number)[]): string {
  for (const v of values) {
    if (typeof v === 'number' ? !Number.isFinite(v) : !/^\d{4}-\d{2}-\d{2}$/.test(v))
      throw new Error(`Not a candle value: ${String(v)}`);
  }
  return `{${values.join(',')}}`;
}

/** A text[] literal with every element quoted, whatever characters an id holds. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** One coin's stored closes: UTC day numbers (days since 1970-01-01) and closes, oldest first. */
export interface StoredCloses {
  days: number[];
  closes: number[];
}

/**
 * Daily closes of many coins in one query, one row per coin (PGlite decodes each field of a
 * result separately, so 100 coins × 1,000 days as rows would cost 200,000 field decodes).
 * `coinIds` null reads every stored coin; `afterDay` (a UTC day number) keeps later days only.
 */
export async function readStoredCloses(
  db: Db,
  mode: MarketMode,
  vs: string,
  coinIds: readonly string[] | null,
  afterDay: number | null,
): Promise<Map<string, StoredCloses>> {
  if (coinIds !== null && coinIds.length === 0) return new Map();
  const coins = coinIds === null ? sql`true` : sql`coin_id = any(${textArrayLiteral(coinIds)}::text[])`;
  const after = afterDay === null ? sql`true` : sql`day > date '1970-01-01' + ${afterDay}::int`;
  const result = await db.execute(sql`
    select coin_id,
      array_agg(day - date '1970-01-01' order by day) as days,
      array_agg(close order by day) as closes
    from daily_candles
    where vs_currency = ${vs} and ${coins} and ${after}
      and ${mode === 'demo' ? sql`source = 'demo'` : sql`source <> 'demo'`}
    group by coin_id`);
  const out = new Map<string, StoredCloses>();
  for (const row of rowsOf(result)) {
    out.set(String(row.coin_id), { days: numbersOf(row.days), closes: numbersOf(row.closes) });
  }
  return out;
}

/**
 * Each coin's first stored day (a UTC day number): history can grow backwards (older days
 * backfilled from a second provider), which the in-memory closes must notice.
 */
export async function readFirstStoredDays(
  db: Db,
  mode: MarketMode,
  vs: string,
  coinIds: readonly string[],
): Promise<Map<string, number>> {
  if (coinIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select coin_id, min(day) - date '1970-01-01' as first_day
    from daily_candles
    where vs_currency = ${vs} and coin_id = any(${textArrayLiteral(coinIds)}::text[])
      and ${mode === 'demo' ? sql`source = 'demo'` : sql`source <> 'demo'`}
    group by coin_id`);
  return new Map(rowsOf(result).map((row) => [String(row.coin_id), Number(row.first_day)]));
}

/** The latest `limit` completed days before `beforeDay`, oldest first (limit null = all). */
export async function readCandles(
  db: Db,
  mode: MarketMode,
  coinId: string,
  vs: string,
  beforeDay: string,
  limit: number | null,
  fromDay?: string,
): Promise<DailyCandle[]> {
  const conditions = [
    eq(dailyCandles.coinId, coinId),
    eq(dailyCandles.vsCurrency, vs),
    lt(dailyCandles.day, beforeDay),
    candleSourceFilter(mode),
  ];
  if (fromDay !== undefined) conditions.push(gte(dailyCandles.day, fromDay));
  const query = db
    .select({
      day: dailyCandles.day,
      open: dailyCandles.open,
      high: dailyCandles.high,
      low: dailyCandles.low,
      close: dailyCandles.close,
    })
    .from(dailyCandles)
    .where(and(...conditions))
    .orderBy(desc(dailyCandles.day));
  const rows = limit === null ? await query : await query.limit(limit);
  return rows.reverse();
}

/** Coins that already have candles in `vs`, with their last day, for incremental top-ups. */
export async function candleCoverage(db: Db, mode: MarketMode, vs: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ coinId: dailyCandles.coinId, last: sql<string>`max(${dailyCandles.day})::text` })
    .from(dailyCandles)
    .where(and(eq(dailyCandles.vsCurrency, vs), candleSourceFilter(mode)))
    .groupBy(dailyCandles.coinId);
  return new Map(rows.map((r) => [r.coinId, String(r.last)]));
}

export async function readCacheFetchedAt(db: Db, key: string): Promise<Date | null> {
  const rows = await db
    .select({ fetchedAt: marketCache.fetchedAt })
    .from(marketCache)
    .where(eq(marketCache.key, key))
    .limit(1);
  return rows[0]?.fetchedAt ?? null;
}
