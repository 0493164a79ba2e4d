import { assertCloses, assertPeriod, at, type IndicatorSeries, nullSeries } from './validate.ts';

/** Bars before the first RSI value: period (it needs period changes, so period + 1 closes). */
export function rsiLookback(period: number): number {
  assertPeriod(period);
  return period;
}

/**
 * Relative Strength Index with Wilder smoothing, as TA_RSI (TA_COMPATIBILITY_DEFAULT):
 * the first average gain/loss is the simple mean of the first `period` changes, then
 * avg = (prev·(n−1) + current)/n; RSI = 100·avgGain/(avgGain + avgLoss), same order of operations.
 *
 * One deliberate difference: TA-Lib outputs 0 when avgGain + avgLoss is below an absolute 1e-8
 * (TA_IS_ZERO). Crypto prices go down to 1e-8 and below, where that epsilon would pin RSI to 0
 * and fire every `rsi <= x` alert. RSI is scale-free, so we output 0 only for an exactly flat
 * window (both averages 0), which is TA-Lib's result there too.
 */
export function rsi(closes: readonly number[], period: number): IndicatorSeries {
  const lookback = rsiLookback(period);
  assertCloses(closes);
  const out = nullSeries(closes.length);
  if (closes.length <= lookback) return out;

  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 1; i <= period; i++) {
    const change = at(closes, i) - at(closes, i - 1);
    if (change < 0) avgLoss -= change;
    else avgGain += change;
  }
  avgGain /= period;
  avgLoss /= period;
  out[period] = rsiValue(avgGain, avgLoss);

  for (let i = period + 1; i < closes.length; i++) {
    const change = at(closes, i) - at(closes, i - 1);
    avgLoss *= period - 1;
    avgGain *= period - 1;
    if (change < 0) avgLoss -= change;
    else avgGain += change;
    avgLoss /= period;
    avgGain /= period;
    out[i] = rsiValue(avgGain, avgLoss);
  }
  return out;
}

function rsiValue(avgGain: number, avgLoss: number): number {
  const total = avgGain + avgLoss;
  return total === 0 ? 0 : 100 * (avgGain / total);
}
