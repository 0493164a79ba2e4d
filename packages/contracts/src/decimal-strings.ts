import { z } from 'zod';

/*
 * Quantities and money are decimal STRINGS on the wire: never JSON numbers, so no
 * value ever passes through binary floating point between the database and the maths.
 */

/** NUMERIC(38,18): what the database column holds, so a valid body always fits it. */
export const decimalLimits = { precision: 38, scale: 18 } as const;

const plainDecimal = /^-?(\d+)(?:\.(\d+))?$/;

export type DecimalSign = 'positive' | 'nonNegative' | 'any';

/**
 * Plain decimal string (no exponent, no thousands separators, no leading '+'), checked against
 * NUMERIC(38,18): at most 18 fraction digits and 20 integer digits. Reusable by every schema
 * that carries an amount.
 */
export function decimalString(sign: DecimalSign = 'any', label = 'Value') {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = decimalStringProblem(value, sign, label);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** The reason a string is not an acceptable decimal, or null. Exported for CSV/row checks. */
export function decimalStringProblem(value: string, sign: DecimalSign, label = 'Value'): string | null {
  const match = plainDecimal.exec(value);
  if (!match) return `${label} must be a plain decimal number like 12.5`;
  const integer = (match[1] ?? '').replace(/^0+/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimalLimits.scale) {
    return `${label} can have at most ${decimalLimits.scale} decimal places`;
  }
  if (integer.length > decimalLimits.precision - decimalLimits.scale) {
    return `${label} is too large`;
  }
  const negative = value.startsWith('-');
  const zero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  if (sign === 'positive' && (negative || zero)) return `${label} must be greater than 0`;
  if (sign === 'nonNegative' && negative && !zero) return `${label} cannot be negative`;
  return null;
}

/** A decimal string in responses: computed values are always plain, never exponent notation. */
export const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Percentages are null when the base they divide by is zero (never Infinity or NaN). */
export const percentageOut = decimalOut.nullable();
