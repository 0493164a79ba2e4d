import { type FieldErrors, oversellDetailsSchema } from '@app/contracts';
import { describeOversell } from '@app/core';

/**
 * The field errors with a refused oversell written here (issue 14): `details.oversell` carries
 * the figures, and the message on its field reads the date in the browser's locale and zone, as
 * the rest of the page does. Details the contract does not recognise leave the server's text.
 * Loaded only when an answer carries them.
 */
export function withOversellWritten(fields: FieldErrors, details: unknown): FieldErrors {
  const parsed = oversellDetailsSchema.safeParse(details);
  if (!parsed.success) return fields;
  const o = parsed.data;
  return { ...fields, [o.field]: [describeOversell(o, { symbol: o.symbol }, o.lead)] };
}
