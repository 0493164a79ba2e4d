import { z } from 'zod';
import { decimalOut } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { effectiveMethodSchema, taxCategorySchema, taxRuleSchema } from './tax.ts';

/* Specific identification on the tax side: the lots a sale can name, and the lowest-tax choice. */

/** A lot as a choice names it, in answers: the acquisition and the quantity taken from it. */
export const lotChoiceLineOutSchema = z.object({ acquisition_id: z.string(), quantity: decimalOut });
export type LotChoiceLineOut = z.infer<typeof lotChoiceLineOutSchema>;

export const saleLotsQuerySchema = z.object({
  portfolio_id: entityIdSchema,
  coin_id: coinIdSchema,
  /** The sale's date and time: the lots are those held just before it. */
  date: z.iso.datetime({ offset: true }),
  /** The sale being edited: it is left out, and its stored choice comes back as `chosen`. */
  transaction_id: entityIdSchema.optional(),
});
export type SaleLotsQuery = z.infer<typeof saleLotsQuerySchema>;

/** One lot the sale can name, as the portfolio holds it just before the sale. */
export const saleLotSchema = z.object({
  acquisition_id: z.string(),
  /** YYYY-MM-DD in the rule's time zone. */
  acquired_on: z.string(),
  /** What is left of the lot at the sale's time (earlier disposals taken off). */
  quantity: decimalOut,
  /** null: the lot's cost is unknown. */
  cost: decimalOut.nullable(),
  unit_cost: decimalOut.nullable(),
  /** short or long on the sale's day (US rule). */
  category: taxCategorySchema,
  category_label: z.string(),
  /** First day a sale of the lot is long-term. */
  qualifies_on: z.string().nullable(),
});
export type SaleLot = z.infer<typeof saleLotSchema>;

export const saleLotsResponseSchema = z.object({
  rule: taxRuleSchema,
  rule_label: z.string(),
  /** The account's rule uses a choice of lots (the US rule); under another rule it is kept, unused. */
  applies: z.boolean(),
  /** The matching of a sale that names no lots, under the US rule. */
  method: effectiveMethodSchema,
  method_label: z.string(),
  currency: z.string(),
  sold_on: z.string(),
  lots: z.array(saleLotSchema),
  /** The choice stored with the edited sale; null when it names none (or for a new sale). */
  chosen: z.array(lotChoiceLineOutSchema).nullable(),
  note: z.string().nullable(),
});
export type SaleLotsResponse = z.infer<typeof saleLotsResponseSchema>;

/** One lot of the lowest-tax choice, with its figures. */
export const lowestTaxLineSchema = z.object({
  acquisition_id: z.string(),
  acquired_on: z.string().nullable(),
  quantity: decimalOut,
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  category: taxCategorySchema,
  category_label: z.string(),
});

/**
 * The choice of lots that gives the what-if sale the lowest estimated tax (at a loss: the loss
 * worth the most), beside the year's method, for the same quantity, price and day.
 */
export const lowestTaxChoiceSchema = z.object({
  /** The choice, as a sale names it. */
  lots: z.array(lotChoiceLineOutSchema),
  lines: z.array(lowestTaxLineSchema),
  estimated_tax: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  after_tax: decimalOut.nullable(),
  /** The same sale under the method of the year (no lots named). */
  method: effectiveMethodSchema,
  method_label: z.string(),
  method_estimated_tax: decimalOut.nullable(),
  method_gain: decimalOut.nullable(),
  /** method_estimated_tax − estimated_tax: what the choice saves (0: the method already does best). */
  tax_saving: decimalOut.nullable(),
  /** The choice takes the same lots as the method. */
  same_as_method: z.boolean(),
  /** How the choice was found and what it assumes, in words (no figures). */
  notes: z.array(z.string()),
});
export type LowestTaxChoice = z.infer<typeof lowestTaxChoiceSchema>;
