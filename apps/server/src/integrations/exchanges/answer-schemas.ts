import { z } from 'zod';
import { canonicalDecimal, isDecimal } from './decimal.ts';

/**
 * Building blocks for validating exchange answers. ccxt parses JSON itself, and when an answer
 * holds an integer too large for a double it re-reads the whole answer with every number quoted,
 * so each numeric field may come as a number or as the same digits in a string.
 */

/** A quantity the exchange sent as a decimal string, in its canonical spelling. */
export const decimalString = z
  .string()
  .refine(isDecimal, 'not a decimal number')
  .transform((value) => canonicalDecimal(value));

const numericText = /^-?\d+(\.\d+)?$/;

/** A number that may arrive quoted; kept as the digits it was sent with. */
export const numberText = z.union([
  z
    .number()
    .finite()
    .transform((value) => String(value)),
  z.string().regex(numericText),
]);

/** A whole number that may arrive quoted (counts, times in ms). */
export const wholeNumber = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform((value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`not a safe integer: ${value}`);
  return parsed;
});

/** An id the exchange sends as a number or a string; always handed on as a string. */
export const idText = z.union([
  z
    .number()
    .int()
    .transform((value) => String(value)),
  z.string().min(1),
]);
