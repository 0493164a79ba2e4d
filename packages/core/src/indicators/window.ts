import { type ChartTimeframe, indicatorLimits, timeframeDays } from '@app/contracts';

/**
 * Daily closes asked for before an indicator's window. Wilder's RSI and MACD's EMAs carry every
 * earlier close in their averages: started at the window's edge, the first points would differ
 * from the same indicator over the full history. 150 days earlier the seed's weight in either
 * average has decayed far below the two decimals the panels print.
 */
export const indicatorWarmupDays = 150;

/**
 * Daily indicators cannot draw a day or a week: the shortest window they show is two weeks,
 * so 1D and 1W show the same last 14 days (and say so).
 */
export const indicatorMinWindowDays = 14;

export interface IndicatorWindow {
  /** Days shown, or null for all the history the server keeps. */
  windowDays: number | null;
  /** Days to ask the server for: the window plus the warm-up, within its limit. */
  requestDays: number;
}

/** The daily window an indicator panel shows for a price chart's timeframe. */
export function indicatorWindow(timeframe: ChartTimeframe): IndicatorWindow {
  const days = timeframeDays[timeframe];
  if (days === 'max') return { windowDays: null, requestDays: indicatorLimits.daysMax };
  const windowDays = Math.max(indicatorMinWindowDays, days);
  return {
    windowDays,
    requestDays: Math.min(indicatorLimits.daysMax, windowDays + indicatorWarmupDays),
  };
}

/** The last `windowDays` entries of each aligned series (all of them when null). */
export function lastDays<T>(values: readonly T[], windowDays: number | null): T[] {
  if (windowDays === null || values.length <= windowDays) return [...values];
  return values.slice(values.length - windowDays);
}

/** Two decimals, as the indicator panels print RSI and MACD; a dash when there is no value. */
export function formatIndicatorValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const fixed = value.toFixed(2);
  // -0.00 says nothing a reader can use: a value that rounds to zero is 0.00.
  return fixed === '-0.00' ? '0.00' : fixed;
}
