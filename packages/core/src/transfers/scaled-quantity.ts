import { Dec } from '../decimal.ts';

/**
 * A decimal string split into its digits, trailing fraction zeros dropped ('1.50' → 1 and 5), so
 * that equal quantities written differently compare equal once scaled.
 */
export interface DecimalDigits {
  whole: string;
  fraction: string;
}

/**
 * The digits of a non-negative decimal string, or null when it is not one. Stored rows arrive in
 * plain notation and are read character by character (no regular expression or copies beyond the
 * two slices: this runs once per movement); anything else ('1e-8', ' 2 ') is read by the shared
 * decimal type and must come out plain and non-negative too.
 */
export function decimalDigits(text: string): DecimalDigits | null {
  return plainDigits(text) ?? fromDecimal(text);
}

function plainDigits(text: string): DecimalDigits | null {
  const length = text.length;
  let dot = -1;
  let lastNonZero = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && dot === -1) dot = i;
    else if (c < 48 || c > 57) return null;
    else if (c !== 48) lastNonZero = i;
  }
  if (dot === 0 || length === 0) return null;
  const wholeEnd = dot === -1 ? length : dot;
  let first = 0;
  while (first < wholeEnd - 1 && text.charCodeAt(first) === 48) first++;
  const whole = first === 0 && wholeEnd === length ? text : text.slice(first, wholeEnd);
  const fraction = dot === -1 || lastNonZero <= dot ? '' : text.slice(dot + 1, lastNonZero + 1);
  return { whole, fraction };
}

function fromDecimal(text: string): DecimalDigits | null {
  const fixed = normalised(text);
  return fixed === null ? null : plainDigits(fixed);
}

function normalised(text: string): string | null {
  try {
    const value = new Dec(text.trim());
    return value.isFinite() ? value.toFixed() : null;
  } catch {
    return null;
  }
}

/**
 * The quantity as an integer count of 10^-scale units: every movement of a run shares one scale,
 * so the matcher compares and subtracts plain BigInts and never rounds.
 */
export function toScaled(digits: DecimalDigits, scale: number): bigint {
  return BigInt(digits.whole + digits.fraction.padEnd(scale, '0'));
}

/** A scaled integer back as a plain decimal string, trailing zeros trimmed ('0' for zero). */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}
