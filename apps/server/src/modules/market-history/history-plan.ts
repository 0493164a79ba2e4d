import { dayMs, utcDay } from '@app/core';
import type { SeriesBounds } from './history.repository.ts';

/**
 * Stitching rule of a daily series (coin, currency) in live mode:
 *   - the recent segment comes from the primary provider (CoinGecko) and starts at its first
 *     stored day F, the seam;
 *   - the older segment comes from Binance (USDT pair) and covers days strictly before F, up
 *     to and including F - 1, so the seam has neither a gap nor an overlap (one row per day);
 *   - nothing is stitched without a primary segment to anchor to, and Binance rows never
 *     replace a primary row; rows of another source at or past F are dropped when it is
 *     stitched again. Binance quotes USDT (used as usd); eur, btc and eth series are
 *     stitched from it with Binance's own EURUSDT/BTCUSDT/ETHUSDT closes of the same day
 *     (cross-currency.ts), never with today's exchange rate; gbp and jpy are not stitched.
 */
export interface DayRange {
  from: string;
  to: string;
}

export const addDays = (day: string, n: number): string => utcDay(Date.parse(`${day}T00:00:00Z`) + n * dayMs);

/** The day ranges still missing below the seam, newest first (the seam side matters most). */
export function planHistoryRanges(bounds: SeriesBounds | undefined, wantFrom: string): DayRange[] {
  const seam = bounds?.firstPrimary ?? null;
  if (seam === null) return [];
  const eve = addDays(seam, -1);
  if (wantFrom > eve) return [];
  const first = bounds?.firstSecondary ?? null;
  const last = bounds?.lastSecondary ?? null;
  if (first === null || last === null) return [{ from: wantFrom, to: eve }];
  const ranges: DayRange[] = [];
  if (last < eve) ranges.push({ from: addDays(last, 1), to: eve });
  if (wantFrom < first) ranges.push({ from: wantFrom, to: addDays(first, -1) });
  return ranges;
}
