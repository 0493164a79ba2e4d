import { Precise } from 'ccxt';

/**
 * Quantities stay decimal strings from the exchange's answer to the record: a JS number cannot
 * hold 0.1 or a 10-decimal Kraken balance exactly. Arithmetic goes through ccxt's Precise, which
 * works on big integers.
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

function checked(result: string | undefined, what: string): string {
  if (result === undefined) throw new RangeError(`could not compute ${what}`);
  return canonicalDecimal(result);
}

export function decimalAdd(a: string, b: string): string {
  return checked(Precise.stringAdd(a, b), `${a} + ${b}`);
}

export function decimalAbs(value: string): string {
  return checked(Precise.stringAbs(value), `|${value}|`);
}

export function isNegative(value: string): boolean {
  return canonicalDecimal(value).startsWith('-');
}

export function isZero(value: string): boolean {
  return canonicalDecimal(value) === '0';
}
