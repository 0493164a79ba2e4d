/** One aligned output value per input close; null for the lookback bars (never NaN, so JSON keeps it). */
export type IndicatorSeries = (number | null)[];

/** Period bounds shared with the alert contract (contracts/alerts.ts uses the same 2–500). */
export const indicatorPeriodMin = 2;
export const indicatorPeriodMax = 500;

/**
 * Rejects periods outside 2–500 or not whole. TA-Lib accepts 1 for some functions, but a
 * one-bar average is the input itself and 500 daily bars is already two years of history.
 */
export function assertPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < indicatorPeriodMin || period > indicatorPeriodMax) {
    throw new RangeError(
      `${name} must be a whole number from ${indicatorPeriodMin} to ${indicatorPeriodMax} (got ${period})`,
    );
  }
}

/** A NaN or Infinity would silently poison every later value of a recursive average. */
export function assertCloses(closes: readonly number[]): void {
  for (let i = 0; i < closes.length; i++) {
    if (!Number.isFinite(closes[i])) {
      throw new RangeError(`closes[${i}] must be a finite number (got ${closes[i]})`);
    }
  }
}

export function nullSeries(length: number): IndicatorSeries {
  return new Array<number | null>(length).fill(null);
}

/**
 * Reads an element the caller has already bounds-checked. `noUncheckedIndexedAccess` types
 * every index as possibly undefined; this keeps the hot loops free of `!`.
 */
export function at(values: readonly number[], index: number): number {
  return values[index] as number;
}
