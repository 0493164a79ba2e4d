import { z } from 'zod';
import { decimalOut } from './decimal-strings.ts';

/*
 * What a response says it left out of its cost figures: units held whose cost nobody knows (a
 * coin received from outside, not priced yet). They count in holdings and value; cost basis,
 * average cost, unrealized and realized P&L beside these fields are of the known part only.
 * Each field is absent when there is nothing to say (0).
 */

/** On a holding: its units of unknown cost and the open lots without a cost. */
export const unknownCostHoldingFields = {
  unknown_cost_quantity: decimalOut.optional(),
  lots_without_cost: z.number().int().positive().optional(),
};

/** On a realized figure: the sales and transfers out that took units of unknown cost. */
export const unknownCostDisposalFields = {
  disposals_with_unknown_cost: z.number().int().positive().optional(),
};

/** On a total over coins: lots and disposals (a quantity does not add up across coins). */
export const unknownCostTotalFields = {
  lots_without_cost: z.number().int().positive().optional(),
  ...unknownCostDisposalFields,
};

export type UnknownCostCounts = {
  unknown_cost_quantity?: string | undefined;
  lots_without_cost?: number | undefined;
  disposals_with_unknown_cost?: number | undefined;
};
