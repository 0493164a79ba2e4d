import { z } from 'zod';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { taxRules } from './tax-constants.ts';
import { transactionTypeSchema } from './transaction.ts';

/* Tax lots, holding periods and the realized-gains report. */

export const taxRuleSchema = z.enum(taxRules);
export type TaxRule = z.infer<typeof taxRuleSchema>;

/** How a gain is classified: by holding period (short/long, taxable/tax-free) or not at all. */
export const taxCategories = ['short', 'long', 'taxable', 'tax_free', 'gain'] as const;
export const taxCategorySchema = z.enum(taxCategories);
export type TaxCategory = z.infer<typeof taxCategorySchema>;

/**
 * Where a disposal's cost came from: a lot (FIFO/LIFO/HIFO), an average pool, HMRC's three
 * identification rules, or nothing ('unmatched': more was sold than the books hold).
 */
export const matchBases = [
  'lot',
  'pool',
  'same_day',
  'bed_and_breakfast',
  'section_104',
  'unmatched',
] as const;
export const matchBasisSchema = z.enum(matchBases);
export type MatchBasis = z.infer<typeof matchBasisSchema>;

const percent = decimalString('nonNegative', 'Rate').refine((v) => Number(v) <= 100, {
  message: 'Please enter a valid percentage (0-100)',
});

/** Longest custom threshold: ten years covers every holding-period rule we know of. */
export const maxCustomThresholdDays = 3650;

export const taxSettingsSchema = z.object({
  rule: taxRuleSchema,
  /** custom only: gains on lots held more than this many days use `long_rate`. */
  custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays),
  /** Percent applied to short-term / taxable / (uk, none) all gains, for estimates only. */
  short_rate: decimalOut,
  /** Percent applied to long-term gains (us, custom); ignored by de (tax-free) and uk/none. */
  long_rate: decimalOut,
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const defaultTaxSettings: TaxSettings = {
  rule: 'none',
  custom_threshold_days: 365,
  short_rate: '0',
  long_rate: '0',
};

export const updateTaxSettingsSchema = z
  .object({
    rule: taxRuleSchema.optional(),
    custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays).optional(),
    short_rate: percent.optional(),
    long_rate: percent.optional(),
  })
  .strict();
export type UpdateTaxSettings = z.infer<typeof updateTaxSettingsSchema>;

export const effectiveMethodSchema = z.enum([...costBasisMethods, 'uk_pooling']);
export type EffectiveMethod = z.infer<typeof effectiveMethodSchema>;

/** The part of one lot (or pool) that one disposal used. */
export const disposalLineSchema = z.object({
  basis: matchBasisSchema,
  /** The acquiring transaction; null for a pool. */
  acquisition_id: z.string().nullable(),
  /** Calendar day of acquisition (YYYY-MM-DD); null for a pool. */
  acquired_on: z.string().nullable(),
  quantity: decimalOut,
  proceeds: decimalOut.nullable(),
  fee: decimalOut.nullable(),
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  days_held: z.number().int().nullable(),
  category: taxCategorySchema,
});
export type DisposalLine = z.infer<typeof disposalLineSchema>;

export const disposalSchema = z.object({
  transaction_id: z.string(),
  portfolio_id: z.string(),
  coin_id: z.string(),
  sold_at: z.string(),
  sold_on: z.string(),
  quantity: decimalOut,
  /** quantity × price (gross); null when the sale has no price in the report currency. */
  proceeds: decimalOut.nullable(),
  fee: decimalOut.nullable(),
  cost: decimalOut.nullable(),
  gain: decimalOut.nullable(),
  lines: z.array(disposalLineSchema),
});
export type Disposal = z.infer<typeof disposalSchema>;

export const incomeItemSchema = z.object({
  transaction_id: z.string(),
  portfolio_id: z.string(),
  coin_id: z.string(),
  received_at: z.string(),
  quantity: decimalOut,
  /** Value at the price of the day; null when no price is known. */
  value: decimalOut.nullable(),
});
export type IncomeItem = z.infer<typeof incomeItemSchema>;

/**
 * no_fee_rate / no_fee_price: the fee is in another currency (USD on a EUR portfolio, BNB) and
 * that day has no exchange rate / no stored close for the fee's coin.
 */
export const needsPriceReasons = [
  'no_price',
  'no_rate',
  'no_fee_rate',
  'no_fee_price',
  'no_acquisition',
] as const;
export const needsPriceItemSchema = z.object({
  transaction_id: z.string(),
  portfolio_id: z.string(),
  coin_id: z.string(),
  type: transactionTypeSchema,
  executed_at: z.string(),
  reason: z.enum(needsPriceReasons),
});
export type NeedsPriceItem = z.infer<typeof needsPriceItemSchema>;

export const categoryTotalSchema = z.object({
  category: taxCategorySchema,
  disposals: z.number().int(),
  proceeds: decimalOut,
  cost: decimalOut,
  fees: decimalOut,
  gain: decimalOut,
  /** Rate (percent) used for the estimate. */
  rate: decimalOut,
  /** max(0, gain) × rate: an estimate, not a tax return (no allowances or loss carry-over). */
  estimated_tax: decimalOut,
});
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;

export const taxReportSchema = z.object({
  rule: taxRuleSchema,
  method: effectiveMethodSchema,
  year: z.number().int(),
  /** First and last calendar day of the tax year (the UK's runs 6 April to 5 April). */
  year_start: z.string(),
  year_end: z.string(),
  year_label: z.string(),
  currency: z.string(),
  portfolio_id: z.string().nullable(),
  disposals: z.array(disposalSchema),
  totals: z.array(categoryTotalSchema),
  total_gain: decimalOut,
  estimated_tax: decimalOut,
  income: z.array(incomeItemSchema),
  income_total: decimalOut,
  needs_price: z.array(needsPriceItemSchema),
  /** Disposals left out of the totals because a figure is unknown. */
  incomplete_disposals: z.number().int(),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const openLotSchema = z.object({
  portfolio_id: z.string(),
  coin_id: z.string(),
  basis: z.enum(['lot', 'pool', 'section_104']),
  acquisition_id: z.string().nullable(),
  acquired_on: z.string().nullable(),
  quantity: decimalOut,
  cost: decimalOut.nullable(),
  unit_cost: decimalOut.nullable(),
  value: decimalOut.nullable(),
  unrealized: decimalOut.nullable(),
  days_held: z.number().int().nullable(),
  /** First day a sale of this lot is long-term / tax-free; null without a holding period. */
  qualifies_on: z.string().nullable(),
  qualifies_now: z.boolean().nullable(),
});
export type OpenLot = z.infer<typeof openLotSchema>;

export const qualifyingTotalSchema = z.object({
  quantity: decimalOut,
  cost: decimalOut.nullable(),
  value: decimalOut.nullable(),
  unrealized: decimalOut.nullable(),
});
export type QualifyingTotal = z.infer<typeof qualifyingTotalSchema>;

export const lotsSummarySchema = z.object({
  quantity: decimalOut,
  cost: decimalOut.nullable(),
  value: decimalOut.nullable(),
  unrealized: decimalOut.nullable(),
  /** Lots a sale today would find long-term / tax-free. */
  qualifying_now: qualifyingTotalSchema,
  qualifying_within_30_days: qualifyingTotalSchema,
  qualifying_within_90_days: qualifyingTotalSchema,
});
export type LotsSummary = z.infer<typeof lotsSummarySchema>;

export const coinLotsSchema = z.object({
  coin_id: z.string(),
  current_price: decimalOut.nullable(),
  summary: lotsSummarySchema,
  lots: z.array(openLotSchema),
});
export type CoinLots = z.infer<typeof coinLotsSchema>;

export const lotsViewSchema = z.object({
  rule: taxRuleSchema,
  method: effectiveMethodSchema,
  /** 'long-term', 'tax-free', or null when the rule has no holding period. */
  qualifying_label: z.string().nullable(),
  as_of: z.string(),
  currency: z.string(),
  portfolio_id: z.string().nullable(),
  coins: z.array(coinLotsSchema),
  summary: lotsSummarySchema,
  needs_price: z.array(needsPriceItemSchema),
});
export type LotsView = z.infer<typeof lotsViewSchema>;
