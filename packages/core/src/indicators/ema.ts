import { assertCloses, assertPeriod, at, type IndicatorSeries, nullSeries } from './validate.ts';

/** Bars before the first EMA value: period − 1 (TA-Lib, unstable period 0). */
export function emaLookback(period: number): number {
  assertPeriod(period);
  return period - 1;
}

/**
 * Exponential moving average, TA-Lib default (TA_COMPATIBILITY_DEFAULT): k = 2/(n+1), seeded with
 * the SMA of the first n closes at index n−1, then ema = (close − prev)·k + prev.
 */
export function ema(closes: readonly number[], period: number): IndicatorSeries {
  const lookback = emaLookback(period);
  assertCloses(closes);
  return emaStartingAt(closes, period, lookback);
}

/**
 * TA-Lib's internal EMA (TA_INT_EMA) asked to start output at `start`: the seed is the SMA of the
 * `period` values ending at `start`, so values before start − period + 1 are ignored entirely.
 * MACD relies on this to start its fast EMA on the slow EMA's first bar. Inputs are trusted here
 * (validated by the public callers).
 */
export function emaStartingAt(values: readonly number[], period: number, start: number): IndicatorSeries {
  const out = nullSeries(values.length);
  if (start >= values.length) return out;

  const k = 2 / (period + 1);
  // Summed oldest-first then divided, as TA-Lib does, to stay bit-identical.
  let sum = 0;
  for (let i = start - period + 1; i <= start; i++) sum += at(values, i);
  let prev = sum / period;
  out[start] = prev;
  for (let i = start + 1; i < values.length; i++) {
    prev = (at(values, i) - prev) * k + prev;
    out[i] = prev;
  }
  return out;
}
