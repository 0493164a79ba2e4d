/**
 * A whole number of a coin's smallest unit (satoshi, wei, a token's base unit) as an exact decimal
 * string of the coin: `unitsToDecimal(12345n, 8)` is `"0.00012345"`. Integer arithmetic on text
 * only, so no amount ever passes through binary floating point. `fixed` keeps every fraction
 * digit (BTC is shown with its 8); otherwise trailing zeros go, as the ledger stores them.
 */
export function unitsToDecimal(units: bigint, decimals: number, fixed = false): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be a whole number from 0 to 255, got ${decimals}`);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (!fixed) fraction = fraction.replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** An unsigned base-10 integer string as sent by explorers ("1000000"), or null when it is not one. */
export function parseUnits(text: string): bigint | null {
  return /^\d{1,78}$/.test(text) ? BigInt(text) : null;
}
