import type { DailyCandle } from '@app/core';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  await db
    .insert(marketCache)
    .values({ key, payload: entry.payload, source: entry.source, fetchedAt: entry.fetchedAt })
    .onConflictDoUpdate({
      target: marketCache.key,
      set: { payload: entry.payload, source: entry.source, fetchedAt: entry.fetchedAt },
    });
}

export async function lastCandleDay(db: Db, coinId: string, vs: string): Promise<string | null> {
  const rows = await db
    .select({ day: dailyCandles.day })
    .from(dailyCandles)
    .where(and(eq(dailyCandles.coinId, coinId), eq(dailyCandles.vsCurrency, vs)))
    .orderBy(desc(dailyCandles.day))
    .limit(1);
  return rows[0]?.day ?? null;
}

/** Upserts candles in chunks, all in one transaction so a half-written backfill never shows. */
export async function upsertCandles(
  db: Db,
  coinId: string,
  vs: string,
  candles: readonly DailyCandle[],
): Promise<void> {
  if (candles.length === 0) return;
  await db.transaction(async (tx) => {
    for (let i = 0; i < candles.length; i += 500) {
      const chunk = candles.slice(i, i + 500).map((c) => ({ coinId, vsCurrency: vs, ...c }));
      await tx
        .insert(dailyCandles)
        .values(chunk)
        .onConflictDoUpdate({
          target: [dailyCandles.coinId, dailyCandles.vsCurrency, dailyCandles.day],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
          },
        });
    }
  });
}

/** The latest `limit` completed days before `beforeDay`, oldest first (limit null = all). */
export async function readCandles(
  db: Db,
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
export async function candleCoverage(db: Db, vs: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ coinId: dailyCandles.coinId, last: sql<string>`max(${dailyCandles.day})::text` })
    .from(dailyCandles)
    .where(eq(dailyCandles.vsCurrency, vs))
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
