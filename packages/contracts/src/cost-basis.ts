import { z } from 'zod';
import { costBasisMethods, oversellLeadKeys } from './cost-basis-constants.ts';
import { decimalOut } from './decimal-strings.ts';
import { transactionTypeSchema } from './transaction.ts';

/* Cost-basis methods and the ledger behind a figure ("explain this number"). */

export const costBasisMethodSchema = z.enum(costBasisMethods).default('average');

/** A sell or transfer out larger than the holding at that moment: such a write is stopped. */
export const oversellViolationSchema = z.object({
  code: z.literal('oversell'),
  transaction_id: z.string(),
  coin_id: z.string(),
  type: z.enum(['sell', 'transfer_out']),
  executed_at: z.string(),
  requested: decimalOut,
  available: decimalOut,
  message: z.string(),
  /** The coin's ticker as the market names it, when the server wrote the message. */
  symbol: z.string().optional(),
});
export type OversellViolation = z.infer<typeof oversellViolationSchema>;

/**
 * `details.oversell` of a write refused for an oversell: the violation's figures, the
 * coin as the market names it and the field the message is on, so a client writes the message
 * in its reader's locale and zone rather than showing the server's text.
 */
export const oversellDetailsSchema = oversellViolationSchema.omit({ message: true }).extend({
  field: z.string(),
  lead: z.enum(oversellLeadKeys),
  symbol: z.string(),
  name: z.string().nullable(),
});
export type OversellDetails = z.infer<typeof oversellDetailsSchema>;

/** One acquisition still (partly) held, for FIFO/LIFO/HIFO "explain this number". */
export const lotSchema = z.object({
  transaction_id: z.string(),
  type: transactionTypeSchema,
  acquired_at: z.string(),
  quantity_acquired: decimalOut,
  quantity_left: decimalOut,
  /** (quantity × price + fee) ÷ quantity of the acquiring transaction. */
  unit_cost: decimalOut,
  cost_basis: decimalOut,
});
export type Lot = z.infer<typeof lotSchema>;

/** Units a disposal took out of a lot (lot methods only). */
export const lotConsumptionSchema = z.object({
  transaction_id: z.string(),
  quantity: decimalOut,
  cost: decimalOut,
});

/** What one transaction did to its coin's position, in timeline order. */
export const ledgerStepSchema = z.object({
  transaction_id: z.string(),
  type: transactionTypeSchema,
  executed_at: z.string(),
  quantity: decimalOut,
  holding_before: decimalOut,
  holding_after: decimalOut,
  cost_basis_before: decimalOut,
  cost_basis_after: decimalOut,
  /** Null when nothing is held. */
  average_cost_after: decimalOut.nullable(),
  /** Cost basis that left with a sell or transfer out; '0' for acquisitions. */
  cost_removed: decimalOut,
  /** Sell: quantity × price − fee. Null for every other type. */
  proceeds: decimalOut.nullable(),
  /** Sell: proceeds − cost removed; transfer out: −fee; null for acquisitions. */
  realized_pnl: decimalOut.nullable(),
  consumed: z.array(lotConsumptionSchema),
});
export type LedgerStep = z.infer<typeof ledgerStepSchema>;

export const positionExplanationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('average'), timeline: z.array(ledgerStepSchema) }),
  z.object({ method: z.enum(['fifo', 'lifo', 'hifo']), lots: z.array(lotSchema) }),
]);
export type PositionExplanation = z.infer<typeof positionExplanationSchema>;
