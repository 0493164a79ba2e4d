import { z } from 'zod';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { needsPriceItemSchema, taxReportSchema } from './tax.ts';

/* Routes and query strings of the tax lots, realized-gains report and returns. */

const scope = z.union([z.literal('all'), entityIdSchema]).default('all');

export const lotsQuerySchema = z.object({ portfolio_id: scope, coin_id: coinIdSchema.optional() });
export type LotsQuery = z.infer<typeof lotsQuerySchema>;

/** Tax years start no earlier than Bitcoin and a few years ahead at most. */
const taxYearSchema = z.coerce.number().int().min(2009).max(2100);

export const taxReportQuerySchema = z.object({ portfolio_id: scope, year: taxYearSchema.optional() });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

export const taxCsvFormats = ['form8949', 'generic'] as const;
export const taxReportCsvQuerySchema = taxReportQuerySchema.extend({
  format: z.enum(taxCsvFormats).default('generic'),
});
export type TaxReportCsvQuery = z.infer<typeof taxReportCsvQuerySchema>;

export const taxReportResponseSchema = taxReportSchema.extend({
  /** Tax years with a disposal or income, newest first (for the year picker). */
  years: z.array(z.number().int()),
  /**
   * The entry of the settings by tax year whose rule, method and rates the report used: the tax
   * year it starts from and that year's label ("2024", "2024/25"); both null for the first entry.
   */
  settings_from: z.object({
    from_year: z.number().int().nullable(),
    from_label: z.string().nullable(),
  }),
});
export type TaxReportResponse = z.infer<typeof taxReportResponseSchema>;

export const returnPeriodsList = ['1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export const returnPeriodSchema = z.enum(returnPeriodsList);
export const benchmarkTimeframes = ['1W', '1M', '3M', '1Y', 'ALL'] as const;

export const returnsQuerySchema = z.object({
  portfolio_id: scope,
  benchmark: coinIdSchema.default('bitcoin'),
  /** The period whose cash flows to list ("explain"). */
  explain: returnPeriodSchema.optional(),
  /** A timeframe of the performance chart to draw the benchmark line for. */
  line: z.enum(benchmarkTimeframes).optional(),
});
export type ReturnsQuery = z.infer<typeof returnsQuerySchema>;

const pct = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .nullable();
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

export const periodReturnsSchema = z.object({
  period: returnPeriodSchema,
  start_date: z.string(),
  end_date: z.string(),
  start_value: money,
  end_value: money,
  inflows: money,
  outflows: money,
  gain: money,
  /** Percentages (15.84 means 15.84 %); null when there is nothing to divide by. */
  simple_return: pct,
  twr: pct,
  /** Only for periods of a year or more. */
  twr_annualized: pct,
  mwr: pct,
  mwr_annualized: pct,
  benchmark_return: pct,
  /** twr − benchmark_return, in percentage points. */
  benchmark_difference_pp: pct,
});
export type PeriodReturnsOut = z.infer<typeof periodReturnsSchema>;

export const cashFlowSchema = z.object({
  date: z.string(),
  kind: z.enum(['start_value', 'inflow', 'outflow', 'end_value']),
  /** From the investor's side: paid in negative, received (or held at the end) positive. */
  amount: money,
  transaction_ids: z.array(z.string()),
});

export const returnsResponseSchema = z.object({
  portfolio_id: z.string().nullable(),
  currency: z.string(),
  as_of: z.string(),
  benchmark: z.object({ coin_id: z.string(), available: z.boolean() }),
  periods: z.array(periodReturnsSchema),
  explain: z.object({ period: returnPeriodSchema, cash_flows: z.array(cashFlowSchema) }).nullable(),
  /** The benchmark rebased to the portfolio's value at the start of the line's timeframe: [ms, value]. */
  benchmark_line: z
    .object({
      timeframe: z.enum(benchmarkTimeframes),
      points: z.array(z.tuple([z.number(), z.number().nullable()])),
    })
    .nullable(),
  needs_price: z.array(needsPriceItemSchema),
  /** Coins held without price history: left out of the values (said, never counted as 0). */
  coins_without_history: z.array(z.string()),
  /**
   * Money held in exchange accounts today, counted in the values; null when no account's money
   * movements are known (then each purchase is money paid in, as for rows typed by hand).
   */
  cash_held: money.nullable(),
});
export type ReturnsResponse = z.infer<typeof returnsResponseSchema>;

/* Exit plans linked to real lots. */

export const projectionTaxLinkBodySchema = z
  .object({
    /** A portfolio, 'all' of them, or null to unlink (the flat sell tax applies again). */
    portfolio_id: z.union([z.literal('all'), entityIdSchema]).nullable(),
  })
  .strict();
export type ProjectionTaxLinkBody = z.infer<typeof projectionTaxLinkBodySchema>;

const dec = z.string().regex(/^-?\d+(\.\d+)?$/);

export const saleLotLineSchema = z.object({
  acquisition_id: z.string().nullable(),
  acquired_on: z.string().nullable(),
  quantity: dec,
  cost: dec.nullable(),
  gain: dec.nullable(),
  category: z.enum(['short', 'long', 'taxable', 'tax_free', 'gain']),
  qualifies_on: z.string().nullable(),
});

export const saleTaxSchema = z.object({
  id: z.string(),
  sale_date: z.string(),
  coins_sold: dec,
  effective_price: dec,
  gross: dec,
  fee: dec,
  cost: dec.nullable(),
  gain: dec.nullable(),
  tax: dec.nullable(),
  net: dec.nullable(),
  lots: z.array(saleLotLineSchema),
  all_qualify_on: z.string().nullable(),
  /** UK: the sale's tax year ('2026/27') and the part of that year's annual exempt amount it used. */
  tax_year: z.string().optional(),
  exempt_used: dec.nullable().optional(),
});
export type SaleTaxOut = z.infer<typeof saleTaxSchema>;

/** UK: one tax year of a plan; realized gains of the year use the annual exempt amount first. */
export const planTaxYearSchema = z.object({
  tax_year: z.string(),
  exempt_amount: dec.nullable(),
  realized_gain: dec,
  exempt_used_by_realized: dec,
  exempt_used_by_plan: dec,
});

export const planTaxSchema = z.object({
  sales: z.array(saleTaxSchema),
  total_tax: dec.nullable(),
  total_net: dec.nullable(),
  tax_years: z.array(planTaxYearSchema).optional(),
});

export const projectionTaxResponseSchema = z.object({
  linked: z.union([z.literal('all'), z.string()]).nullable(),
  rule: z.enum(['none', 'us', 'de', 'uk', 'custom']),
  method: z.string(),
  currency: z.string().nullable(),
  as_of: z.string(),
  plan: planTaxSchema.nullable(),
  tax_aware: z
    .object({
      order: z.array(z.object({ id: z.string(), sale_date: z.string(), delayed: z.boolean() })),
      plan: planTaxSchema,
      tax_before: dec.nullable(),
      tax_after: dec.nullable(),
      saving: dec.nullable(),
    })
    .nullable(),
  /** Why there is no plan (not linked, another currency, nothing held). */
  note: z.string().nullable(),
});
export type ProjectionTaxResponse = z.infer<typeof projectionTaxResponseSchema>;
