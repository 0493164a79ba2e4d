/**
 * Daily candles kept locally because CoinGecko's free plan serves only the last 365 days:
 * each refresh asks only for the days we miss and appends completed UTC days.
 */
export const dayMs = 86_400_000;
export const freePlanHistoryDays = 365;

export interface DailyCandle {
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/**
 * Which `days` to request from market_chart: null when the last completed UTC day
 * (yesterday) is already stored; otherwise enough to cover the gap plus one day of overlap,
 * capped by the plan's history window.
 */
export function planBackfillDays(
  lastStoredDay: string | null,
  now: Date,
  maxHistoryDays: number = freePlanHistoryDays,
): number | null {
  const todayStart = dayStartMs(utcDay(now.getTime()));
  const yesterday = utcDay(todayStart - dayMs);
  if (lastStoredDay === null) return maxHistoryDays;
  const last = dayStartMs(lastStoredDay);
  if (!Number.isFinite(last)) return maxHistoryDays;
  if (lastStoredDay >= yesterday) return null;
  const missing = Math.round((todayStart - last) / dayMs);
  return Math.min(maxHistoryDays, missing + 1);
}

/**
 * A price at exactly 00:00 UTC closes the previous day (CoinGecko's daily points are
 * stamped at midnight), so points are bucketed by the instant just before them.
 */
function bucketDay(ts: number): string {
  return utcDay(ts - 1);
}

/**
 * Turns [ts, price] points into candles for completed UTC days after `lastStoredDay`.
 * The current (partial) day is never emitted, so a stored day never changes afterwards.
 */
export function dailyCandlesFromPoints(
  points: ReadonlyArray<readonly [number, number]>,
  lastStoredDay: string | null,
  now: Date,
): DailyCandle[] {
  const today = utcDay(now.getTime());
  const sorted = [...points].filter(([, p]) => Number.isFinite(p) && p > 0).sort((a, b) => a[0] - b[0]);
  const byDay = new Map<string, DailyCandle>();
  for (const [ts, price] of sorted) {
    const day = bucketDay(ts);
    if (day >= today || (lastStoredDay !== null && day <= lastStoredDay)) continue;
    const candle = byDay.get(day);
    if (!candle) {
      byDay.set(day, { day, open: price, high: price, low: price, close: price });
      continue;
    }
    candle.high = Math.max(candle.high, price);
    candle.low = Math.min(candle.low, price);
    candle.close = price;
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Merges stored and new candles by day (new wins), sorted ascending. */
export function mergeDailyCandles(
  stored: readonly DailyCandle[],
  incoming: readonly DailyCandle[],
): DailyCandle[] {
  const byDay = new Map<string, DailyCandle>();
  for (const c of stored) byDay.set(c.day, c);
  for (const c of incoming) byDay.set(c.day, c);
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}
