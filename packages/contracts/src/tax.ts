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
 * Where a disposal's cost came from: a lot (FIFO/LIFO/HIFO), a lot the sale named ('chosen':
 * specific identification, US rule), an average pool, HMRC's three identification rules, or
 * nothing ('unmatched': more was sold than the books hold).
 */
export const matchBases = [
  'lot',
  'chosen',
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
  /**
   * custom only: an amount of net gain each tax year that is not taxed, in the report's currency;
   * null: none. The other rules take theirs from the law.
   */
  yearly_allowance: decimalOut.nullable(),
  /**
   * US rule: lots are tracked per portfolio (wallet or account) from 2025 on, each sale drawing
   * only on its own portfolio's lots (IRS Rev. Proc. 2024-28).
   */
  lots_per_portfolio: z.boolean(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const defaultTaxSettings: TaxSettings = {
  rule: 'none',
  custom_threshold_days: 365,
  short_rate: '0',
  long_rate: '0',
  yearly_allowance: null,
  lots_per_portfolio: false,
};

export const updateTaxSettingsSchema = z
  .object({
    rule: taxRuleSchema.optional(),
    custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays).optional(),
    short_rate: percent.optional(),
    long_rate: percent.optional(),
    /** null clears it. */
    yearly_allowance: decimalString('nonNegative', 'Yearly allowance').nullable().optional(),
    /** Only with the US rule (the service refuses it otherwise). */
    lots_per_portfolio: z.boolean().optional(),
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
  /**
   * max(0, gain) × rate, before allowances and losses from other years (kept for CSV and older
   * clients); the report's `year_summary` carries the estimate on the taxable figure.
   */
  estimated_tax: decimalOut,
});
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;

/**
 * What the year's allowance is. annual_exempt_amount: the UK's, taken off the net gain;
 * exemption_limit: Germany's Freigrenze, which exempts a gain below it and none at or above it;
 * loss_deduction_limit: the US cap on a net capital loss set against other income;
 * custom_allowance: the amount set under the custom rule; none: no figure applies.
 */
export const allowanceKinds = [
  'annual_exempt_amount',
  'exemption_limit',
  'loss_deduction_limit',
  'custom_allowance',
  'none',
] as const;
export const allowanceKindSchema = z.enum(allowanceKinds);
export type AllowanceKind = z.infer<typeof allowanceKindSchema>;

export const yearAllowanceSchema = z.object({
  kind: allowanceKindSchema,
  /**
   * The year's figure; null when none applies (no figure on file for the year, none set under the
   * custom rule, or the books are in another currency than the one the law states it in).
   */
  amount: decimalOut.nullable(),
  /**
   * What the year used: the part of an allowance set against gains; for a limit, the gain it kept
   * tax-free; for the US cap, the net loss deducted from other income.
   */
  used: decimalOut,
  /** amount − used; null without an amount, and for a limit (a Freigrenze is not used up). */
  left: decimalOut.nullable(),
  /** Where the figure and its treatment come from, in words. */
  source: z.string(),
});
export type YearAllowance = z.infer<typeof yearAllowanceSchema>;

/** Losses that keep a character from year to year (US short- and long-term carryovers). */
export const yearLossCategorySchema = z.object({
  category: taxCategorySchema,
  brought_forward: decimalOut,
  used: decimalOut,
  carried_forward: decimalOut,
});
export type YearLossCategory = z.infer<typeof yearLossCategorySchema>;

export const yearTaxableSchema = z.object({
  category: taxCategorySchema,
  taxable: decimalOut,
  rate: decimalOut,
  estimated_tax: decimalOut,
});
export type YearTaxable = z.infer<typeof yearTaxableSchema>;

/**
 * One step of the working. `text` names the rule and its source in words; money in it is a
 * `{name}` placeholder whose exact amount is `amounts[name]`, so a client formats (and masks) it
 * like every other figure.
 */
export const summaryStepSchema = z.object({
  text: z.string(),
  amounts: z.record(z.string(), decimalOut),
});
export type SummaryStep = z.infer<typeof summaryStepSchema>;

/**
 * The tax year after the rule's allowance and losses carried between years. Always figured over
 * all of the person's portfolios (allowances and losses are the taxpayer's, not a portfolio's),
 * in the report's currency, with every earlier year computed in order.
 */
export const taxYearSummarySchema = z.object({
  scope: z.literal('all_portfolios'),
  /** The year's gains and losses (losses as a positive amount) that count under the rule. */
  gains: decimalOut,
  losses: decimalOut,
  /** gains − losses (negative: a net loss). */
  net_gain: decimalOut,
  allowance: yearAllowanceSchema,
  losses_brought_forward: decimalOut,
  losses_used: decimalOut,
  losses_carried_forward: decimalOut,
  /** US only: the carryovers by character; empty for the other rules. */
  losses_by_category: z.array(yearLossCategorySchema),
  taxable_gain: decimalOut,
  taxable_by_category: z.array(yearTaxableSchema),
  /** taxable × the rates in the settings: an estimate, not a tax return. */
  estimated_tax: decimalOut,
  /** Sales of this or an earlier year left out because a figure is unknown. */
  incomplete_disposals: z.number().int(),
  steps: z.array(summaryStepSchema),
});
export type TaxYearSummary = z.infer<typeof taxYearSummarySchema>;

/** Why a sale's stored choice of lots was not followed in full (the rest used the method). */
export const lotChoiceIssueKinds = ['lots_short', 'total_mismatch', 'not_a_sale'] as const;

/**
 * Specific identification in the report's scope and year: the sales whose named lots were used,
 * those whose choice the rule ignores (it fixes the matching), and those whose choice could no
 * longer be followed in full because a named lot changed after it was chosen.
 */
export const taxReportLotChoicesSchema = z.object({
  /** The rule uses a sale's choice of lots (the US rule). */
  applies: z.boolean(),
  applied: z.number().int(),
  ignored: z.number().int(),
  not_followed: z.array(
    z.object({
      transaction_id: z.string(),
      sold_on: z.string(),
      reason: z.enum(lotChoiceIssueKinds),
    }),
  ),
  /** What the figures did with the choices, in words (no figures). */
  notes: z.array(z.string()),
});
export type TaxReportLotChoices = z.infer<typeof taxReportLotChoicesSchema>;

/** How the 2024 lots were placed in the portfolios for per-portfolio lots (US, from 2025). */
export const walletAllocationStatuses = ['confirmed', 'proposed', 'outdated'] as const;

/** Per-portfolio lots in a report of 2025 or later: absent when the setting is off. */
export const perPortfolioLotsSchema = z.object({
  allocation: z.enum(walletAllocationStatuses),
  /** true until the allocation is confirmed: "estimated: allocation not confirmed". */
  estimated: z.boolean(),
  note: z.string(),
});

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
  /** The categories' estimates added up, before allowances and losses (see `year_summary`). */
  estimated_tax: decimalOut,
  income: z.array(incomeItemSchema),
  income_total: decimalOut,
  needs_price: z.array(needsPriceItemSchema),
  /** Disposals left out of the totals because a figure is unknown. */
  incomplete_disposals: z.number().int(),
  /** Allowance, losses and the taxable figure for the year; null without a tax rule. */
  year_summary: taxYearSummarySchema.nullable(),
  lot_choices: taxReportLotChoicesSchema,
  per_portfolio_lots: perPortfolioLotsSchema.optional(),
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
