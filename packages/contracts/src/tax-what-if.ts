import { z } from 'zod';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { lotChoiceListSchema } from './lot-choice.ts';
import {
  allowanceKindSchema,
  effectiveMethodSchema,
  matchBasisSchema,
  taxCategorySchema,
  taxRuleSchema,
} from './tax.ts';
import { lowestTaxChoiceSchema } from './tax-lot-choice.ts';

/* "What would this sale cost?": a sale tried against the lots the books hold, nothing written. */

/** The first day a coin could be sold (Bitcoin's first block); a sale further ahead than the limit is a guess about rules that do not exist yet. */
export const whatIfLimits = { firstDay: '2009-01-03', maxYearsAhead: 5 } as const;

export const whatIfMessages = {
  badDate: 'Enter a date like 2026-12-31',
  beforeBitcoin: 'A sale cannot be dated before 3 January 2009',
  tooFarAhead: `A sale can be tried at most ${whatIfLimits.maxYearsAhead} years ahead`,
  beforeLastTransaction: (day: string) =>
    `Choose ${day} or later: your books have a transaction of this coin on that day, and a sale before it would meet different lots`,
  nothingHeld: 'You hold none of this coin here, so there is nothing to sell',
  noPriceNow: 'There is no price for this coin right now: enter the price to sell at',
  fees: 'Fees must be a percentage from 0 to 100',
  /** Said beside every answer: the figures are the app's arithmetic, not a tax adviser's. */
  disclaimer:
    'An estimate, not tax advice: it uses only the transactions in this app and the rates in your tax settings. Your tax depends on your whole year and on rules this app does not apply.',
} as const;

/**
 * The words for a lot's category and matching, sent with the figures (like the rule and method) so
 * a screen shows them without a table of its own; the same words as the realized-gains report's.
 */
export const whatIfWords = {
  category: {
    short: 'Short-term',
    long: 'Long-term',
    taxable: 'Taxable (held one year or less)',
    tax_free: 'Tax-free (held more than one year)',
    gain: 'Gains',
  },
  basis: {
    lot: 'Lot',
    chosen: 'Chosen lot',
    pool: 'Average pool',
    same_day: 'Same day',
    bed_and_breakfast: '30 days',
    section_104: 'Section 104 pool',
    unmatched: 'No acquisition',
  },
} as const;

export const whatIfPriceSources = ['market_now', 'given'] as const;
export type WhatIfPriceSource = (typeof whatIfPriceSources)[number];

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, whatIfMessages.badDate)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, whatIfMessages.badDate)
  .refine((v) => v >= whatIfLimits.firstDay, whatIfMessages.beforeBitcoin);

export const whatIfBodySchema = z
  .object({
    coin_id: coinIdSchema,
    quantity: decimalString('positive', 'Quantity'),
    /** In the scope's currency; absent: the coin's price now. */
    price_per_coin: decimalString('nonNegative', 'Price').optional(),
    /** Percent of the proceeds paid in fees. */
    fees_percentage: decimalString('nonNegative', 'Fees')
      .refine((v) => Number(v) <= 100, whatIfMessages.fees)
      .optional(),
    /** A portfolio, or 'all' of them (the default), as the tax report's scope. */
    portfolio_id: z.union([z.literal('all'), entityIdSchema]).optional(),
    /** YYYY-MM-DD; absent: today in the tax rule's time zone. */
    date: isoDay.optional(),
    /**
     * US rule: the lots the sale would name (specific identification), adding up to the quantity;
     * absent: the method of the year. Other rules fix the matching and leave it unused.
     */
    lots: lotChoiceListSchema.optional(),
  })
  .strict();
export type WhatIfBody = z.infer<typeof whatIfBodySchema>;

/** What the sale would take from one lot (or from a pool). */
export const whatIfLotSchema = z.object({
  basis: matchBasisSchema,
  basis_label: z.string(),
  /** The acquiring transaction; null for a pool. */
  acquisition_id: z.string().nullable(),
  acquired_on: z.string().nullable(),
  quantity: decimalOut,
  proceeds: decimalOut,
  fee: decimalOut,
  /** null: the lot's cost is unknown, and so is its gain. */
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  category: taxCategorySchema,
  category_label: z.string(),
  /** First day a sale of this lot is long-term / tax-free; null without a holding period. */
  qualifies_on: z.string().nullable(),
});
export type WhatIfLot = z.infer<typeof whatIfLotSchema>;

export const whatIfCategorySchema = z.object({
  category: taxCategorySchema,
  label: z.string(),
  quantity: decimalOut,
  proceeds: decimalOut,
  fees: decimalOut,
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  /** Percent from the tax settings (tax-free is always 0). */
  rate: decimalOut,
  /** What the sale adds to the year's estimated tax in this category (negative: it lowers it). */
  estimated_tax: decimalOut.nullable(),
});
export type WhatIfCategory = z.infer<typeof whatIfCategorySchema>;

/**
 * The sale's tax year as the realized-gains report figures it (all portfolios, the rule's
 * allowance, losses carried from earlier years), without the sale and with it: the estimated tax
 * of the sale is the difference.
 */
export const whatIfYearSchema = z.object({
  tax_year: z.string(),
  estimated_tax_before: decimalOut,
  /** null when the sale's gain is unknown. */
  estimated_tax_after: decimalOut.nullable(),
  allowance_kind: allowanceKindSchema,
  /** null: no fixed amount applies (another currency than the law's, or a year before it). */
  allowance_amount: decimalOut.nullable(),
  allowance_used_before: decimalOut,
  allowance_used_after: decimalOut.nullable(),
  losses_brought_forward: decimalOut,
  /** Sales of this or an earlier year left out of both figures because a price or cost is missing. */
  incomplete_disposals: z.number().int(),
});
export type WhatIfYear = z.infer<typeof whatIfYearSchema>;

/** UK: the tax year of the sale and its annual exempt amount, which the year's realized gains use first. */
export const whatIfUkYearSchema = z.object({
  tax_year: z.string(),
  /** null: none applies (figures in another currency than pounds, or a year before the allowances known). */
  exempt_amount: decimalOut.nullable(),
  /** Gains less losses already realized that year, in all portfolios. */
  realized_gain: decimalOut,
  exempt_used_by_realized: decimalOut,
  /** What of the allowance this sale used; null when its gain is unknown. */
  exempt_used: decimalOut.nullable(),
});

/** The figures of the sale, as the tax engine computes them. */
export const whatIfSaleSchema = z.object({
  coin_id: z.string(),
  portfolio_id: z.string().nullable(),
  sale_date: z.string(),
  quantity_requested: decimalOut,
  /** What is sold: the request, capped at what the scope holds. */
  quantity: decimalOut,
  held: decimalOut,
  capped: z.boolean(),
  price_per_coin: decimalOut,
  fees_percentage: decimalOut,
  /** quantity × price, before fees. */
  proceeds: decimalOut,
  fees: decimalOut,
  /** null when any lot's cost is unknown (never counted as 0). */
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  /** What the sale adds to its tax year's estimated tax (negative: a loss that lowers it). */
  estimated_tax: decimalOut.nullable(),
  /** Proceeds less fees and the estimated tax. */
  after_tax: decimalOut.nullable(),
  lots: z.array(whatIfLotSchema),
  lots_without_cost: z.number().int(),
  categories: z.array(whatIfCategorySchema),
  /** The first day every lot sold would be long-term / tax-free, when some are not yet. */
  all_qualify_on: z.string().nullable(),
  rule: taxRuleSchema,
  rule_label: z.string(),
  /** 'long-term', 'tax-free', or null when the rule has no holding period. */
  qualifying_label: z.string().nullable(),
  method: effectiveMethodSchema,
  method_label: z.string(),
  /** The sale uses the lots the request named (its lines are 'chosen'). */
  lots_chosen: z.boolean(),
  /** US rule: the choice of lots with the lowest estimated tax, against the method; null elsewhere. */
  lowest_tax_choice: lowestTaxChoiceSchema.nullable(),
  /** null without a tax rule. */
  year: whatIfYearSchema.nullable(),
  uk: whatIfUkYearSchema.nullable(),
  /** What the figures assume or leave out, in words. */
  notes: z.array(z.string()),
});
export type WhatIfSale = z.infer<typeof whatIfSaleSchema>;

export const whatIfResponseSchema = whatIfSaleSchema.extend({
  currency: z.string(),
  price_source: z.enum(whatIfPriceSources),
  disclaimer: z.string(),
});
export type WhatIfResponse = z.infer<typeof whatIfResponseSchema>;
