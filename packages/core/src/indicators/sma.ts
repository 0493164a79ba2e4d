import { assertCloses, assertPeriod, at, type IndicatorSeries, nullSeries } from './validate.ts';

/** Bars before the first SMA value: period − 1. */
export function smaLookback(period: number): number {
  assertPeriod(period);
  return period - 1;
}

/**
 * Simple moving average: mean of the last `period` closes.
 * Uses TA-Lib's running total (add the new close, divide, then drop the trailing close) in the
 * same operation order, so results are bit-identical to TA_SMA rather than merely close.
 */
export function sma(closes: readonly number[], period: number): IndicatorSeries {
  const lookback = smaLookback(period);
  assertCloses(closes);
  const out = nullSeries(closes.length);
  if (closes.length <= lookback) return out;

  let total = 0;
  for (let i = 0; i < lookback; i++) total += at(closes, i);
  for (let i = lookback; i < closes.length; i++) {
    total += at(closes, i);
    out[i] = total / period;
    total -= at(closes, i - lookback);
  }
  return out;
}
