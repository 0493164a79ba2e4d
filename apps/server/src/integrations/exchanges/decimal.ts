/**
 * Quantities stay decimal strings from the exchange's answer to the record: a JS number cannot
 * hold 0.1 or a 10-decimal Kraken balance exactly. Sums are taken on big integers scaled to the
 * longer fraction, so they are exact at any length (and need no library loaded).
 */
const decimalPattern = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function isDecimal(value: string): boolean {
  return decimalPattern.test(value);
}

/** One spelling per value: no sign on zero, no leading or trailing zeros ("0.10000000" → "0.1"). */
export function canonicalDecimal(value: string): string {
  if (!isDecimal(value)) throw new RangeError(`not a decimal: ${value}`);
  const negative = value.startsWith('-');
  const unsigned = value.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  const body = decimals === '' ? integer : `${integer}.${decimals}`;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** The value as an integer count of 10^-scale (scale at least the value's own decimals). */
function scaled(value: string, scale: number): bigint {
  const canonical = canonicalDecimal(value);
  const negative = canonical.startsWith('-');
  const [whole = '0', fraction = ''] = canonical.replace(/^-/, '').split('.');
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -units : units;
}

function decimalsOf(value: string): number {
  return canonicalDecimal(value).split('.')[1]?.length ?? 0;
}

export function decimalAdd(a: string, b: string): string {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const sum = scaled(a, scale) + scaled(b, scale);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return canonicalDecimal(sum < 0n ? `-${body}` : body);
}

export function decimalAbs(value: string): string {
  return canonicalDecimal(value).replace(/^-/, '');
}

export function isNegative(value: string): boolean {
  return canonicalDecimal(value).startsWith('-');
}

export function isZero(value: string): boolean {
  return canonicalDecimal(value) === '0';
}
