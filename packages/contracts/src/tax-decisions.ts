import { z } from 'zod';
import { decimalOut } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { effectiveMethodSchema, taxCategorySchema, taxRuleSchema, yearAllowanceSchema } from './tax.ts';

/* This tax year's decisions: lots worth waiting for, losses that could be harvested, the allowance left. */

export const taxDecisionsQuerySchema = z.object({
  portfolio_id: z.union([z.literal('all'), entityIdSchema]).default('all'),
});
export type TaxDecisionsQuery = z.infer<typeof taxDecisionsQuerySchema>;

/**
 * A lot whose holding period ends within the window: the tax of selling it now against selling it
 * on the day it qualifies, both at the price now.
 */
export const waitDecisionSchema = z.object({
  coin_id: z.string(),
  portfolio_id: z.string(),
  acquisition_id: z.string(),
  acquired_on: z.string(),
  quantity: decimalOut,
  cost: decimalOut.nullable(),
  /** The price now per coin; null: the market has none, and nothing below is figured. */
  price: decimalOut.nullable(),
  value: decimalOut.nullable(),
  unrealized: decimalOut.nullable(),
  /** The first day a sale of the lot is long-term / tax-free. */
  qualifies_on: z.string(),
  days_to_wait: z.number().int().positive(),
  /** The units the compared sale sells: the lot alone, or every lot the rule's matching takes first. */
  sale_quantity: decimalOut,
  /** The compared sale names this lot (US rule); false: it follows the rule's matching. */
  lot_named: z.boolean(),
  tax_year_now: z.string(),
  tax_year_after: z.string(),
  /** What the sale adds to its tax year's estimate; null when a cost or price is unknown. */
  tax_now: decimalOut.nullable(),
  tax_after: decimalOut.nullable(),
  /** tax_now − tax_after: what waiting saves (negative: waiting costs). */
  saving: decimalOut.nullable(),
});
export type WaitDecision = z.infer<typeof waitDecisionSchema>;

/** A lot below its cost at the price now, sold this tax year to realize the loss. */
export const harvestLotSchema = z.object({
  coin_id: z.string(),
  portfolio_id: z.string(),
  basis: z.enum(['lot', 'pool', 'section_104']),
  acquisition_id: z.string().nullable(),
  acquired_on: z.string().nullable(),
  quantity: decimalOut,
  cost: decimalOut,
  value: decimalOut,
  /** value − cost, negative. */
  unrealized: decimalOut,
  /** The category of a sale today. */
  category: taxCategorySchema,
  category_label: z.string(),
  /**
   * What selling the lot now changes in this tax year's estimate (negative: lower tax); null where
   * the rule's matching cannot sell this lot on its own, or a figure is unknown.
   */
  tax_effect: decimalOut.nullable(),
});
export type HarvestLot = z.infer<typeof harvestLotSchema>;

export const harvestCatchSchema = z.object({
  text: z.string(),
  source: z.string(),
  as_of: z.string().nullable(),
});

export const taxDecisionsSchema = z.object({
  rule: taxRuleSchema,
  rule_label: z.string(),
  method: effectiveMethodSchema,
  method_label: z.string(),
  /** 'long-term' or 'tax-free'; null: the rule has no holding period. */
  qualifying_label: z.string().nullable(),
  /** The figures' currency: the rule's own (dollars, euros, pounds), else the portfolios'. */
  currency: z.string(),
  portfolio_id: z.string().nullable(),
  /** Today in the rule's time zone (YYYY-MM-DD). */
  as_of: z.string(),
  tax_year: z.object({ year: z.number().int(), label: z.string(), start: z.string(), end: z.string() }),
  window_days: z.number().int(),
  /** No tax rule is chosen: the lists are empty and `year` is null. */
  needs_rule: z.boolean(),
  /** Lots qualifying within the window, the largest saving first. */
  waits: z.array(waitDecisionSchema),
  waits_omitted: z.number().int().nonnegative(),
  harvest: z.object({
    /** The largest loss first. */
    lots: z.array(harvestLotSchema),
    lots_omitted: z.number().int().nonnegative(),
    /** The losses of every lot counted, listed or not. */
    total: decimalOut,
    catch: harvestCatchSchema.nullable(),
  }),
  /** This tax year so far (all portfolios: allowances and losses are the person's); null without a rule. */
  year: z
    .object({
      net_gain: decimalOut,
      estimated_tax: decimalOut,
      allowance: yearAllowanceSchema,
      losses_brought_forward: decimalOut,
      incomplete_disposals: z.number().int(),
    })
    .nullable(),
  /** How the figures were made and what they leave out, in words (no figures). */
  notes: z.array(z.string()),
  disclaimer: z.string(),
});
export type TaxDecisions = z.infer<typeof taxDecisionsSchema>;
