import {
  type FieldErrors,
  type OversellDetails,
  type OversellViolation,
  oversellLeadKeys,
} from '@app/contracts';
import { describeOversell } from '@app/core';

/**
 * An oversell as this reader reads it: the date in the browser's locale and zone, like the
 * transaction list beside it (the server can only write UTC and say so). Without the ticker the
 * server sent, its own text stands.
 */
export function oversellText(v: OversellViolation): string {
  return v.symbol === undefined ? v.message : describeOversell(v, { symbol: v.symbol });
}

const plainDecimal = /^\d+(\.\d+)?$/;
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * `details.oversell` as the contract writes it (oversellDetailsSchema), checked by hand: zod is
 * not part of the transaction pages' first load. Never looser than the schema (a test holds the
 * two side by side), so nothing the contract does not describe is read as an oversell.
 */
function oversellDetails(value: unknown): OversellDetails | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  const ok =
    o.code === 'oversell' &&
    typeof o.transaction_id === 'string' &&
    typeof o.coin_id === 'string' &&
    (o.name === null || typeof o.name === 'string') &&
    (o.type === 'sell' || o.type === 'transfer_out') &&
    isText(o.executed_at) &&
    !Number.isNaN(Date.parse(o.executed_at)) &&
    isText(o.requested) &&
    plainDecimal.test(o.requested) &&
    isText(o.available) &&
    plainDecimal.test(o.available) &&
    isText(o.field) &&
    isText(o.symbol) &&
    oversellLeadKeys.some((k) => k === o.lead);
  return ok ? (o as unknown as OversellDetails) : null;
}

/**
 * A refused write's field errors with its oversell written here: `details.oversell`
 * carries the figures, and the message on its field reads the date in the browser's locale and
 * zone, as the rest of the page does. Details that are not an oversell leave the server's text.
 */
export function withOversellWritten(
  fields: FieldErrors,
  details: Record<string, unknown> | null,
): FieldErrors {
  const o = oversellDetails(details?.oversell);
  if (!o) return fields;
  return { ...fields, [o.field]: [describeOversell(o, { symbol: o.symbol }, o.lead)] };
}
