import { type DailyCloseSeries, Dec, dayMs } from '@app/core';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';

/** The coin whose daily closes in two currencies give the day's rate between them. */
export const rateReferenceCoin = 'bitcoin';

/**
 * Historical rates into `to`, per UTC day, implied by the reference coin's daily close in both
 * currencies (close in `to` ÷ close in `from`): the providers quote a coin in every currency at
 * their own rate of the moment, so the ratio of two closes is that day's rate. A day outside
 * either stored series has no rate (null). Kept to 12 significant digits: a rate, not money.
 */
export interface DailyRates {
  rateOn(from: string, executedAt: string): string | null;
  /** What the rates were read from, for cache keys (series bounds per currency). */
  key: string;
}

export async function dailyRates(
  closes: DailyClosesCache,
  to: string,
  from: readonly string[],
  /** Asked for a currency whose recent reference closes are not stored (a background download). */
  onMissing?: (vs: string) => void,
  nowMs = Date.now(),
): Promise<DailyRates> {
  const others = [...new Set(from)].filter((c) => c !== to);
  if (others.length === 0) return { rateOn: (f) => (f === to ? '1' : null), key: '' };
  const read = async (vs: string) => {
    const series = (
      await closes.get([rateReferenceCoin], vs).catch(() => new Map<string, DailyCloseSeries>())
    ).get(rateReferenceCoin);
    // None stored, or none for the last days: the rows of those days would wait for a rate.
    const lastDay = series ? series.firstDay + series.closes.length - 1 : null;
    if (lastDay === null || lastDay < Math.floor(nowMs / dayMs) - 2) onMissing?.(vs);
    return series;
  };
  const target = await read(to);
  const sources = new Map<string, DailyCloseSeries | undefined>();
  for (const c of others) sources.set(c, await read(c));
  const at = (series: DailyCloseSeries | undefined, day: number) => {
    if (!series) return undefined;
    const close = series.closes[day - series.firstDay];
    return close !== undefined && close > 0 ? close : undefined;
  };
  const bounds = (s: DailyCloseSeries | undefined) => (s ? `${s.firstDay}+${s.closes.length}` : '-');
  return {
    rateOn(f, executedAt) {
      if (f === to) return '1';
      const day = Math.floor(Date.parse(executedAt) / dayMs);
      const num = at(target, day);
      const den = at(sources.get(f), day);
      if (num === undefined || den === undefined) return null;
      return new Dec(num).div(den).toSignificantDigits(12).toFixed();
    },
    key: `${to}:${bounds(target)};${others.map((c) => `${c}:${bounds(sources.get(c))}`).join(';')}`,
  };
}

/** Per market reader (one per app): when a coin's history was last asked for, per currency (at most hourly). */
const historyDownloads = new WeakMap<object, Map<string, number>>();

/**
 * Starts a coin's daily history download in `vs` (stored like any chart's), so the rows listed
 * as needing a rate or price today get one on a later request; never awaited by the request.
 * The reference coin's history gives the exchange rates; a fee coin's gives its fees' values.
 */
export function downloadHistory(
  market: Pick<MarketReader, 'getDailyCloses'>,
  coinId: string,
  vs: string,
  now: number,
): void {
  let asked = historyDownloads.get(market);
  if (!asked) {
    asked = new Map();
    historyDownloads.set(market, asked);
  }
  const key = `${coinId}:${vs}`;
  const last = asked.get(key);
  if (last !== undefined && now - last < 3_600_000) return;
  asked.set(key, now);
  market.getDailyCloses(coinId, 3650, vs).catch(() => undefined);
}

/** A coin's stored close on the UTC day of `executedAt`; null outside the series or when not positive. */
export function closeOn(series: DailyCloseSeries | undefined, executedAt: string): string | null {
  if (!series) return null;
  const day = Math.floor(Date.parse(executedAt) / dayMs);
  const i = day - series.firstDay;
  if (i < 0 || i >= series.closes.length) return null;
  const close = series.closes[i];
  return close !== undefined && close > 0 ? String(close) : null;
}
