import { z } from 'zod';
import { oversellViolationSchema } from './cost-basis.ts';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalOut } from './decimal-strings.ts';

/* What a transaction would do before it is saved: validate/ and preview/. */

export const transactionValidateResponseSchema = z.object({
  valid: z.boolean(),
  /** Field → messages, ready for the form (e.g. quantity: ['Only 0.5 BTC held on …']). */
  errors: z.record(z.string(), z.array(z.string())),
  violation: oversellViolationSchema.nullable(),
});
export type TransactionValidateResponse = z.infer<typeof transactionValidateResponseSchema>;

export const transactionPreviewResponseSchema = z.object({
  method: z.enum(costBasisMethods),
  coin_id: z.string(),
  holding_before: decimalOut,
  holding_after: decimalOut,
  /** Cost basis of the units of known cost (units of unknown cost are left out). */
  cost_basis_before: decimalOut,
  cost_basis_after: decimalOut,
  average_cost_after: decimalOut.nullable(),
  /**
   * Only for a sell (a transfer out with a fee reports −fee); null otherwise, and for a sell of
   * units whose cost is unknown only.
   */
  realized_pnl: decimalOut.nullable(),
  /** Units held after it whose cost is unknown, and the open lots without a cost. */
  unknown_cost_quantity_after: decimalOut.optional(),
  lots_without_cost_after: z.number().int().nonnegative().optional(),
  /** A sell or transfer out: units of unknown cost it takes (they realize nothing). */
  unknown_cost_quantity_removed: decimalOut.optional(),
  violation: oversellViolationSchema.nullable(),
  /** True when the fee is in another currency without a rate or price for that day: left out above. */
  fee_without_price: z.boolean().optional(),
});
export type TransactionPreviewResponse = z.infer<typeof transactionPreviewResponseSchema>;
