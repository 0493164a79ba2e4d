import { z } from 'zod';

/*
 * Portfolios, transactions, cost basis and the Metrics dashboard (spec §3, §7; issue 4).
 * Quantities and money are decimal STRINGS on the wire (DESIGN §1.3): never JSON numbers,
 * so no value ever passes through binary floating point between the database and the maths.
 */

/** NUMERIC(38,18): what the database column holds, so a valid body always fits it. */
export const decimalLimits = { precision: 38, scale: 18 } as const;
/** Notes are free text shown in lists; the cap keeps a row and a CSV line bounded. */
export const noteMaxLength = 1000;
/** Clock skew tolerated between a browser and the server before a date counts as "future". */
export const futureSkewMs = 5 * 60 * 1000;
/** Nothing was traded before the first Bitcoin block; older dates are typos (e.g. year 0202). */
export const earliestTransactionDate = '2009-01-03T00:00:00Z';

const plainDecimal = /^-?(\d+)(?:\.(\d+))?$/;

export type DecimalSign = 'positive' | 'nonNegative' | 'any';

/**
 * Plain decimal string (no exponent, no thousands separators, no leading '+'), checked against
 * NUMERIC(38,18): at most 18 fraction digits and 20 integer digits. Reusable by every schema
 * that carries an amount.
 */
export function decimalString(sign: DecimalSign = 'any', label = 'Value') {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = decimalStringProblem(value, sign, label);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** The reason a string is not an acceptable decimal, or null. Exported for CSV/row checks. */
export function decimalStringProblem(value: string, sign: DecimalSign, label = 'Value'): string | null {
  const match = plainDecimal.exec(value);
  if (!match) return `${label} must be a plain decimal number like 12.5`;
  const integer = (match[1] ?? '').replace(/^0+/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimalLimits.scale) {
    return `${label} can have at most ${decimalLimits.scale} decimal places`;
  }
  if (integer.length > decimalLimits.precision - decimalLimits.scale) {
    return `${label} is too large`;
  }
  const negative = value.startsWith('-');
  const zero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  if (sign === 'positive' && (negative || zero)) return `${label} must be greater than 0`;
  if (sign === 'nonNegative' && negative && !zero) return `${label} cannot be negative`;
  return null;
}

/** A decimal string in responses: computed values are always plain, never exponent notation. */
export const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Percentages are null when the base they divide by is zero (never Infinity or NaN). */
export const percentageOut = decimalOut.nullable();

export const entityIdSchema = z.uuid();
/** CoinGecko coin ids: lowercase slugs such as `bitcoin`, `usd-coin`. */
export const coinIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Choose a coin');

const isoDateTime = z.iso.datetime({ offset: true });

/** A transaction date: ISO 8601 with zone, not before 2009, not in the future beyond a small skew. */
export const transactionDateSchema = isoDateTime.superRefine((value, ctx) => {
  const at = Date.parse(value);
  if (at > Date.now() + futureSkewMs)
    ctx.addIssue({ code: 'custom', message: 'Date cannot be in the future' });
  if (at < Date.parse(earliestTransactionDate)) {
    ctx.addIssue({ code: 'custom', message: 'Date is before any cryptocurrency existed' });
  }
});

// ---------------------------------------------------------------------------------------------
// Portfolios (spec §3)

/**
 * The fiat currency a portfolio's prices and fees are entered in (the spec is silent; issue 4
 * decision). Figures in another currency are converted at today's rate for display.
 */
export const portfolioCurrencies = ['usd', 'eur', 'gbp', 'jpy'] as const;
export const portfolioCurrencySchema = z.enum(portfolioCurrencies);
export type PortfolioCurrency = z.infer<typeof portfolioCurrencySchema>;

export const portfolioSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  description: z.string(),
  portfolio_type: z.string(),
  currency: portfolioCurrencySchema,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  total_value: decimalOut,
  unique_coins_count: z.number().int().nonnegative(),
  change_24h: decimalOut,
  change_percentage_24h: percentageOut,
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioTypes = ['manual', 'exchange', 'wallet'] as const;

export const portfolioCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(100, 'Name is too long'),
  description: z.string().trim().max(noteMaxLength, 'Description is too long').default(''),
  portfolio_type: z.enum(portfolioTypes).default('manual'),
  /** Defaults to the user's base currency when it is one of these, else usd (server side). */
  currency: portfolioCurrencySchema.optional(),
});
export type PortfolioCreateBody = z.infer<typeof portfolioCreateBodySchema>;

/** No defaults here: a rename must not reset the description (partial() keeps defaults in zod 4). */
export const portfolioUpdateBodySchema = z.object({
  name: portfolioCreateBodySchema.shape.name.optional(),
  description: z.string().trim().max(noteMaxLength, 'Description is too long').optional(),
  portfolio_type: z.enum(portfolioTypes).optional(),
  currency: portfolioCurrencySchema.optional(),
});
export type PortfolioUpdateBody = z.infer<typeof portfolioUpdateBodySchema>;

export const portfolioListResponseSchema = z.object({ results: z.array(portfolioSchema), count: z.number() });
export type PortfolioListResponse = z.infer<typeof portfolioListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Transactions

export const transactionTypes = ['buy', 'sell', 'transfer_in', 'transfer_out', 'reward'] as const;
export const transactionTypeSchema = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const rewardKinds = ['staking', 'airdrop', 'other'] as const;
export const rewardKindSchema = z.enum(rewardKinds);
export type RewardKind = z.infer<typeof rewardKindSchema>;

/** Three-to-five letter currency code; amounts are always in the portfolio's quote currency. */
export const feeCurrencySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3,5}$/);

/** Fields shared by every transaction body; `date` is when it happened (stored as executed_at). */
const transactionFields = {
  type: transactionTypeSchema,
  quantity: decimalString('positive', 'Quantity'),
  price_per_coin: decimalString('nonNegative', 'Price per coin').default('0'),
  fee: decimalString('nonNegative', 'Fee').default('0'),
  fee_currency: feeCurrencySchema.optional(),
  date: transactionDateSchema,
  note: z.string().max(noteMaxLength, `Note can be at most ${noteMaxLength} characters`).default(''),
  reward_kind: rewardKindSchema.optional(),
};

function rewardKindOnlyOnRewards(
  body: { type?: TransactionType | undefined; reward_kind?: RewardKind | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.reward_kind !== undefined && body.type !== undefined && body.type !== 'reward') {
    ctx.addIssue({ code: 'custom', path: ['reward_kind'], message: 'Only rewards have a reward kind' });
  }
}

/** The transaction fields a CSV row or a form fills in, before a portfolio and coin are chosen. */
export const transactionDraftSchema = z.object(transactionFields).superRefine(rewardKindOnlyOnRewards);
export type TransactionDraft = z.infer<typeof transactionDraftSchema>;

/** Issue 4 "The transaction body": POST, validate and preview. */
export const transactionCreateBodySchema = z
  .object({ portfolio_id: entityIdSchema, coin_id: coinIdSchema, ...transactionFields })
  .superRefine(rewardKindOnlyOnRewards);
export type TransactionCreateBody = z.infer<typeof transactionCreateBodySchema>;

/** PUT replaces the transaction, so the same body (the server re-validates the whole timeline). */
export const transactionUpdateBodySchema = transactionCreateBodySchema;
export type TransactionUpdateBody = TransactionCreateBody;

export const transactionSchema = z.object({
  id: entityIdSchema,
  portfolio_id: entityIdSchema,
  coin_id: z.string(),
  type: transactionTypeSchema,
  quantity: decimalOut,
  price_per_coin: decimalOut,
  fee: decimalOut,
  fee_currency: z.string().optional(),
  executed_at: isoDateTime,
  note: z.string(),
  reward_kind: rewardKindSchema.optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Spec §9: list page size 50. */
export const transactionPageSize = { default: 50, max: 500 } as const;

export const transactionListQuerySchema = z.object({
  portfolio_id: entityIdSchema.optional(),
  coin_id: coinIdSchema.optional(),
  type: transactionTypeSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(transactionPageSize.max).default(transactionPageSize.default),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** Same envelope as the spec's coin list response: results, count, next, previous. */
export const transactionListResponseSchema = z.object({
  results: z.array(transactionSchema),
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Cost basis

export const costBasisMethods = ['average', 'fifo', 'lifo', 'hifo'] as const;
export const costBasisMethodSchema = z.enum(costBasisMethods).default('average');
export type CostBasisMethod = (typeof costBasisMethods)[number];

/** A sell or transfer out larger than the holding at that moment (issue 4 "Be stopped"). */
export const oversellViolationSchema = z.object({
  code: z.literal('oversell'),
  transaction_id: z.string(),
  coin_id: z.string(),
  type: z.enum(['sell', 'transfer_out']),
  executed_at: z.string(),
  requested: decimalOut,
  available: decimalOut,
  message: z.string(),
});
export type OversellViolation = z.infer<typeof oversellViolationSchema>;

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

/** Validate and preview take the transaction body, plus the id of the transaction it replaces on edit. */
export const transactionCheckBodySchema = z
  .object({
    portfolio_id: entityIdSchema,
    coin_id: coinIdSchema,
    ...transactionFields,
    transaction_id: entityIdSchema.optional(),
  })
  .superRefine(rewardKindOnlyOnRewards);
export type TransactionCheckBody = z.infer<typeof transactionCheckBodySchema>;

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
  cost_basis_before: decimalOut,
  cost_basis_after: decimalOut,
  average_cost_after: decimalOut.nullable(),
  /** Only for a sell (a transfer out with a fee reports −fee); null otherwise. */
  realized_pnl: decimalOut.nullable(),
  violation: oversellViolationSchema.nullable(),
});
export type TransactionPreviewResponse = z.infer<typeof transactionPreviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Metrics dashboard (spec §2 "Dashboard top bar", §3 metric definitions, §7)

export const dashboardMetrics = ['holdings', 'roi', 'capital', 'cost_basis', 'positions'] as const;
export const dashboardMetricSchema = z.enum(dashboardMetrics);
export type DashboardMetric = z.infer<typeof dashboardMetricSchema>;
export const returnTypes = ['total', 'unrealized', 'realized'] as const;
export type DashboardReturnType = (typeof returnTypes)[number];

/** `metrics` arrives comma-separated (`holdings,roi`); unknown names are a validation error. */
export const dashboardQuerySchema = z.object({
  portfolio_id: z.union([z.literal('all'), entityIdSchema]).default('all'),
  metrics: z
    .string()
    .default(dashboardMetrics.join(','))
    .transform((s) =>
      s
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(z.array(dashboardMetricSchema).min(1)),
  include_technical_metrics: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Coin identity repeated on every per-coin item so a chart needs no second lookup. */
const coinRef = {
  coin_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable(),
};

/**
 * profitLoss and profitLossPercentage for one return type. Percentage bases (null when zero):
 * realized ÷ cost of the units sold; unrealized ÷ cost basis of the units held;
 * total ÷ (cost of units sold + cost basis of units held).
 */
export const roiFiguresSchema = z.object({ profitLoss: decimalOut, profitLossPercentage: percentageOut });
export type RoiFigures = z.infer<typeof roiFiguresSchema>;
const roiByType = z.object({
  total: roiFiguresSchema,
  unrealized: roiFiguresSchema,
  realized: roiFiguresSchema,
});

export const portfolioSummarySchema = z.object({
  portfolio_id: entityIdSchema.nullable(),
  cost_basis_method: z.enum(costBasisMethods),
  base_currency: z.string(),
  total_value: decimalOut,
  total_investment: decimalOut,
  unique_coins_count: z.number().int().nonnegative(),
  change_24h: decimalOut,
  change_percentage_24h: percentageOut,
  returns: roiByType,
  /** Held coins with no current quote: valued at their cost basis, so they add no P&L. */
  unpriced_coins: z.array(z.string()),
  /** Portfolios keep their own currency; costs in another one are converted at today's rate. */
  converted_currencies: z.array(z.string()),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

export const holdingsBlockSchema = z.object({
  totalValue: decimalOut,
  items: z.array(
    z.object({
      ...coinRef,
      quantity: decimalOut,
      currentPrice: decimalOut.nullable(),
      totalValue: decimalOut,
      allocationPercentage: percentageOut,
      /** Only with include_technical_metrics=true: market context of the holding. */
      technical: z
        .object({
          price_change_percentage_24h: z.number().nullable(),
          price_change_percentage_7d: z.number().nullable(),
          ath_change_percentage: z.number().nullable(),
          market_cap_rank: z.number().nullable(),
        })
        .optional(),
    }),
  ),
});

export const roiBlockSchema = roiByType.extend({
  items: z.array(z.object({ ...coinRef, ...roiByType.shape })),
});

export const capitalBlockSchema = z.object({
  totalInvestment: decimalOut,
  items: z.array(z.object({ ...coinRef, totalInvestment: decimalOut, allocationPercentage: percentageOut })),
});

export const costBasisBlockSchema = z.object({
  items: z.array(
    z.object({
      ...coinRef,
      costBasisPerCoin: decimalOut.nullable(),
      currentPrice: decimalOut.nullable(),
      athPrice: decimalOut.nullable(),
    }),
  ),
});

export const positionsBlockSchema = z.object({
  items: z.array(
    z.object({
      ...coinRef,
      quantity: decimalOut,
      totalInvestment: decimalOut,
      costBasisPerCoin: decimalOut.nullable(),
      currentPrice: decimalOut.nullable(),
      totalValue: decimalOut,
      realizedProfitLoss: decimalOut,
      unrealizedProfitLoss: decimalOut,
      returns: roiByType,
      explanation: positionExplanationSchema.optional(),
    }),
  ),
});

export const dashboardResponseSchema = z.object({
  portfolio_summary: portfolioSummarySchema,
  holdings: holdingsBlockSchema.optional(),
  roi: roiBlockSchema.optional(),
  capital: capitalBlockSchema.optional(),
  cost_basis: costBasisBlockSchema.optional(),
  positions: positionsBlockSchema.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// CSV import preview (issue 4: preview with per-row errors and likely duplicates, then commit)

export const csvPresets = ['template', 'coinbase', 'binance', 'kraken'] as const;
export type CsvPreset = (typeof csvPresets)[number];

export const csvImportRowSchema = z.object({
  /** 1-based physical line of the source record (its first line when a trade spans several). */
  line: z.number().int().positive(),
  symbol: z.string(),
  /** Best-known CoinGecko id for the symbol; null means the user must pick the coin. */
  coin_id: z.string().nullable(),
  /** Currency the price and fee are expressed in (upper case); converting it is the server's job. */
  price_currency: z.string().nullable(),
  transaction: transactionDraftSchema,
  /** date (to the second) | type | symbol | quantity | price — equal keys are likely duplicates. */
  duplicate_key: z.string(),
  warnings: z.array(z.string()),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

export const csvRowErrorSchema = z.object({
  line: z.number().int().nonnegative(),
  field: z.string().nullable(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvSkippedRowSchema = z.object({ line: z.number().int().positive(), reason: z.string() });
export type CsvSkippedRow = z.infer<typeof csvSkippedRowSchema>;

export const csvImportPreviewSchema = z.object({
  preset: z.enum(csvPresets).nullable(),
  /** The generation detected, e.g. 'binance/transaction_history', 'kraken/ledgers'. */
  format: z.string().nullable(),
  rows: z.array(csvImportRowSchema),
  errors: z.array(csvRowErrorSchema),
  skipped: z.array(csvSkippedRowSchema),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;
