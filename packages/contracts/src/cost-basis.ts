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
  /**
   * (quantity × price + fee) ÷ quantity of the acquiring transaction; null when its cost is
   * unknown (a transfer in nobody priced yet): such a lot is outside every cost figure.
   */
  unit_cost: decimalOut.nullable(),
  cost_basis: decimalOut.nullable(),
});
export type Lot = z.infer<typeof lotSchema>;

/** Units a disposal took out of a lot (lot methods only). */
export const lotConsumptionSchema = z.object({
  transaction_id: z.string(),
  quantity: decimalOut,
  /** Null when the lot's cost is unknown: those units realized nothing. */
  cost: decimalOut.nullable(),
});

/** What one transaction did to its coin's position, in timeline order. */
export const ledgerStepSchema = z.object({
  transaction_id: z.string(),
  type: transactionTypeSchema,
  executed_at: z.string(),
  quantity: decimalOut,
  holding_before: decimalOut,
  holding_after: decimalOut,
  /** Cost basis of the units whose cost is known (units of unknown cost are left out). */
  cost_basis_before: decimalOut,
  cost_basis_after: decimalOut,
  /** cost_basis_after ÷ the units of known cost; null when none is held. */
  average_cost_after: decimalOut.nullable(),
  /** Cost basis that left with a sell or transfer out; '0' for acquisitions. */
  cost_removed: decimalOut,
  /** Sell: quantity × price − fee. Null for every other type. */
  proceeds: decimalOut.nullable(),
  /**
   * Sell: the share of proceeds of the units of known cost − cost removed (null when every unit
   * sold had an unknown cost); transfer out: −fee; null for acquisitions.
   */
  realized_pnl: decimalOut.nullable(),
  consumed: z.array(lotConsumptionSchema),
  /** Units held after this step whose cost is unknown. */
  unknown_cost_quantity_after: decimalOut.optional(),
  /** Open lots (acquisitions still held) without a cost after this step. */
  lots_without_cost_after: z.number().int().nonnegative().optional(),
  /** Units of unknown cost a sell or transfer out took: they realized nothing. */
  unknown_cost_quantity_removed: decimalOut.optional(),
});
export type LedgerStep = z.infer<typeof ledgerStepSchema>;

export const positionExplanationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('average'), timeline: z.array(ledgerStepSchema) }),
  z.object({ method: z.enum(['fifo', 'lifo', 'hifo']), lots: z.array(lotSchema) }),
]);
export type PositionExplanation = z.infer<typeof positionExplanationSchema>;
