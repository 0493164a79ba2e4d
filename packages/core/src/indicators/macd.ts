import { emaStartingAt } from './ema.ts';
import { assertCloses, assertPeriod, at, type IndicatorSeries, nullSeries } from './validate.ts';

export interface MacdParams {
  fast: number;
  slow: number;
  signal: number;
}

/** The classic (and TA-Lib default) 12/26/9; alert operands of the macd family always use these. */
export const macdDefaults: Readonly<MacdParams> = Object.freeze({ fast: 12, slow: 26, signal: 9 });

export interface MacdResult {
  macd: IndicatorSeries;
  signal: IndicatorSeries;
  histogram: IndicatorSeries;
}

function checkedParams(params: Partial<MacdParams>): MacdParams {
  const p = { ...macdDefaults, ...params };
  assertPeriod(p.fast, 'fast period');
  assertPeriod(p.slow, 'slow period');
  assertPeriod(p.signal, 'signal period');
  // TA-Lib silently swaps fast and slow; a caller doing that has a bug, so say so instead.
  if (p.fast >= p.slow) {
    throw new RangeError(`fast period must be less than slow period (got ${p.fast} and ${p.slow})`);
  }
  return p;
}

/** Bars before the first value of all three outputs: (slow − 1) + (signal − 1); 33 for 12/26/9. */
export function macdLookback(params: Partial<MacdParams> = {}): number {
  const p = checkedParams(params);
  return p.slow - 1 + (p.signal - 1);
}

/**
 * MACD exactly as TA_MACD computes it (TA_COMPATIBILITY_DEFAULT):
 * - Both EMAs start on the slow EMA's first bar (index slow − 1). The fast EMA is therefore seeded
 *   with the SMA of close[slow−fast .. slow−1], not of the first `fast` closes, so early values
 *   differ from ema(12) − ema(26) (the gap decays by (1 − 2/13) per bar).
 * - signal = EMA(signal) of the MACD line, seeded with the SMA of its first `signal` values.
 * - histogram = macd − signal.
 * TA-Lib reports the MACD line only from the signal's first bar, so all three share one lookback.
 */
export function macd(closes: readonly number[], params: Partial<MacdParams> = {}): MacdResult {
  const p = checkedParams(params);
  assertCloses(closes);
  const lookback = p.slow - 1 + (p.signal - 1);
  const result: MacdResult = {
    macd: nullSeries(closes.length),
    signal: nullSeries(closes.length),
    histogram: nullSeries(closes.length),
  };
  if (closes.length <= lookback) return result;

  const start = p.slow - 1;
  const fast = emaStartingAt(closes, p.fast, start);
  const slow = emaStartingAt(closes, p.slow, start);
  // The line from `start` on, re-based to 0 so the signal EMA can be seeded from its first values.
  const line: number[] = [];
  for (let i = start; i < closes.length; i++) line.push((fast[i] as number) - (slow[i] as number));
  const signal = emaStartingAt(line, p.signal, p.signal - 1);

  for (let i = lookback; i < closes.length; i++) {
    const m = at(line, i - start);
    const s = signal[i - start] as number;
    result.macd[i] = m;
    result.signal[i] = s;
    result.histogram[i] = m - s;
  }
  return result;
}
