import type { DailyCandle } from '@app/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** Where one coin's live series stands: its recent (primary) segment and its older Binance one. */
export interface SeriesBounds {
  /** First day from the primary provider (CoinGecko): the seam. Null: nothing to stitch to. */
  firstPrimary: string | null;
  firstSecondary: string | null;
  lastSecondary: string | null;
}

/** The source of the older segment of a stitched series. */
export const secondarySource = 'binance';

function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

function dayText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/**
 * Bounds of many coins' series in one query. Primary rows are every real provider's except
 * Binance's (demo rows belong to no live series).
 */
export async function readSeriesBounds(
  db: Db,
  vs: string,
  coinIds: readonly string[],
): Promise<Map<string, SeriesBounds>> {
  const out = new Map<string, SeriesBounds>();
  if (coinIds.length === 0) return out;
  const result = await db.execute(sql`
    select coin_id,
      min(day) filter (where source not in (${secondarySource}, 'demo'))::text as first_primary,
      min(day) filter (where source = ${secondarySource})::text as first_secondary,
      max(day) filter (where source = ${secondarySource})::text as last_secondary
    from daily_candles
    where vs_currency = ${vs} and coin_id = any(${textArray(coinIds)}::text[])
    group by coin_id`);
  for (const row of rowsOf(result)) {
    out.set(String(row.coin_id), {
      firstPrimary: dayText(row.first_primary),
      firstSecondary: dayText(row.first_secondary),
      lastSecondary: dayText(row.last_secondary),
    });
  }
  return out;
}

/**
 * Stores an older segment under the seam, in one transaction: only days strictly before the
 * first primary day (read again inside the transaction, so a primary write that lands
 * meanwhile wins), never replacing a primary row, and dropping any older-source row at or
 * after the seam. One row per day (the primary key) means no overlap; writing up to the
 * seam's eve means no gap.
 */
export async function putSecondaryCandles(
  db: Db,
  coinId: string,
  vs: string,
  candles: readonly DailyCandle[],
  fetchedAt: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const seamRows = rowsOf(
      await tx.execute(sql`
        select min(day)::text as seam from daily_candles
        where coin_id = ${coinId} and vs_currency = ${vs} and source not in (${secondarySource}, 'demo')`),
    );
    const seam = dayText(seamRows[0]?.seam);
    if (seam === null) return 0;
    await tx.execute(sql`
      delete from daily_candles
      where coin_id = ${coinId} and vs_currency = ${vs} and source = ${secondarySource} and day >= ${seam}::date`);
    const below = candles.filter((c) => c.day < seam);
    let stored = 0;
    for (let i = 0; i < below.length; i += 5000) {
      const chunk = below.slice(i, i + 5000);
      const result = await tx.execute(sql`
        insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
        select ${coinId}, ${vs}, u.day, u.open, u.high, u.low, u.close, ${secondarySource}, ${fetchedAt.toISOString()}::timestamptz
        from unnest(
          ${numbers(chunk.map((c) => c.day))}::date[],
          ${numbers(chunk.map((c) => c.open))}::float8[],
          ${numbers(chunk.map((c) => c.high))}::float8[],
          ${numbers(chunk.map((c) => c.low))}::float8[],
          ${numbers(chunk.map((c) => c.close))}::float8[]
        ) as u(day, open, high, low, close)
        on conflict (coin_id, vs_currency, day) do nothing
        returning day`);
      stored += rowsOf(result).length;
    }
    return stored;
  });
}

/** An array literal of days (YYYY-MM-DD) or finite numbers, checked: neither needs quoting. */
function numbers(values: readonly (string | number)[]): string {
  for (const v of values) {
    if (typeof v === 'number' ? !Number.isFinite(v) : !/^\d{4}-\d{2}-\d{2}$/.test(v))
      throw new Error(`Not a candle value: ${String(v)}`);
  }
  return `{${values.join(',')}}`;
}

/** A coin's stored older-segment closes in `vs` for days from..to, by day. */
export async function readSecondaryCloses(
  db: Db,
  coinId: string,
  vs: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select day::text as day, close from daily_candles
    where coin_id = ${coinId} and vs_currency = ${vs} and source = ${secondarySource}
      and day between ${from}::date and ${to}::date`);
  return new Map(rowsOf(result).map((r) => [String(dayText(r.day)), Number(r.close)]));
}

/**
 * How far back each held coin's history is wanted: the earliest transaction of any user in
 * that coin (a system-wide figure; nothing about who holds it leaves this function).
 */
export async function readHistoryDemand(db: Db): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select coin_id, (min(executed_at) at time zone 'UTC')::date::text as first_day
    from transactions group by coin_id`);
  const out = new Map<string, string>();
  for (const row of rowsOf(result)) {
    const day = dayText(row.first_day);
    if (day !== null) out.set(String(row.coin_id), day);
  }
  return out;
}
