import { Dec } from '../decimal.ts';

/** What a numeric field may hold while the user is typing or when it comes off the wire. */
export type DecimalLike = string | number | Dec | null | undefined;

const numericText = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Numbers: commas are removed before parsing. Returns null for text that is
 * not a number, so validation can tell "0" from "abc" (parseLooseNumber cannot).
 */
export function parseDecimal(value: DecimalLike): Dec | null {
  if (value === null || value === undefined) return null;
  if (Dec.isDecimal(value)) return (value as Dec).isFinite() ? (value as Dec) : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Dec(value) : null;
  const cleaned = value.replaceAll(',', '').trim();
  if (cleaned === '' || !numericText.test(cleaned)) return null;
  const d = new Dec(cleaned);
  return d.isFinite() ? d : null;
}

/** Non-numeric values become 0. */
export function toDec(value: DecimalLike): Dec {
  return parseDecimal(value) ?? new Dec(0);
}

/** True when the field holds a number above zero: the spec's "filled" for coins and price. */
export function isFilled(value: DecimalLike): boolean {
  const d = parseDecimal(value);
  return d?.gt(0) === true;
}

/** Plain notation, no exponent, no trailing zeros: the wire form of every decimal. */
export function decString(d: Dec): string {
  // Normalise -0 so a zero never prints as "-0".
  return d.isZero() ? '0' : d.toFixed();
}

/** Ratios (averages, multiples) are rounded so they print at a readable, stable length. */
export const ratioDecimals = 18;
export function ratioString(d: Dec): string {
  return decString(d.toDecimalPlaces(ratioDecimals, Dec.ROUND_HALF_EVEN));
}

/**
 * coins_sold is kept to 8 decimals. Rounded half-up, as a user reading
 * "toFixed(8)" expects (the spec does not say). */
export const coinsDecimals = 8;
export function roundCoins(value: DecimalLike): string {
  return decString(toDec(value).toDecimalPlaces(coinsDecimals, Dec.ROUND_HALF_UP));
}

/** circulating_supply is rounded to 2 decimals. Null stays null (unknown supply). */
export function roundCirculatingSupply(value: DecimalLike): string | null {
  const d = parseDecimal(value);
  if (d === null) return null;
  return decString(d.toDecimalPlaces(2, Dec.ROUND_HALF_UP));
}
