import { Dec } from '../decimal.ts';

/**
 * Scale of every decimal string the ledger returns: the database's NUMERIC(38,18) scale, so a
 * computed figure can be stored or compared with a stored one without another rounding rule.
 * Maths runs at full precision (40 significant digits); rounding happens only here, half-even.
 */
export const OUTPUT_SCALE = 18;

/** Plain notation (never `1e-7`), at most 18 decimals, trailing zeros trimmed, no `-0`. */
export function toDecimalString(value: Dec): string {
  const fixed = value.toDecimalPlaces(OUTPUT_SCALE, Dec.ROUND_HALF_EVEN).toFixed();
  return fixed === '-0' ? '0' : fixed;
}

export function toDecimalStringOrNull(value: Dec | null): string | null {
  return value === null ? null : toDecimalString(value);
}

/** a ÷ b × 100, or null when b is zero: a percentage of nothing is undefined, not Infinity. */
export function percentage(numerator: Dec, base: Dec): Dec | null {
  return base.isZero() ? null : numerator.div(base).mul(100);
}
