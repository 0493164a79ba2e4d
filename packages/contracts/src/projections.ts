import { z } from 'zod';
import { baseCurrencies } from './market-constants.ts';
import { projectionMessages, projectionWireMessages } from './projection-constants.ts';
import { projectionLimits } from './projections-constants.ts';
import { unknownCostHoldingFields } from './unknown-cost.ts';

// Messages, labels and storage keys live apart from the schemas, so the app shell can use them
// without loading every projection schema.
export * from './projection-constants.ts';

/*
 * Exit-strategy projections.
 *
 * Wire rules:
 * - Persisted quantities, money and percentages travel as plain decimal strings
 *   ('1234.5', never '1.2e3'), so nothing is lost to binary floats.
 * - Request bodies ALSO accept JSON numbers for those fields and turn them into the
 *   same decimal string (via the shortest round-trip form JS prints). Clients and
 *   scripts that post `{ "sell_tax": 10 }` are common and the intent is unambiguous.
 *   Response schemas accept strings only: the server always writes strings.
 * - Ids are strings (the server's primary keys are UUIDs).
 */

// ---------------------------------------------------------------------------
// Decimal strings

const plainDecimal = /^-?\d+(\.\d+)?$/;

/** Expands JS exponent notation ('1e-7', '1.5e+21') so numbers become plain decimals. */
export function numberToPlainDecimal(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([-+]\d+)$/.exec(s);
  if (m === null) return s;
  const [, sign = '', int = '', frac = '', expText = '0'] = m;
  const digits = int + frac;
  const point = int.length + Number(expText);
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = out.replace(/\.?0+$/, '');
  return `${sign}${out}`;
}

function fractionDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot === -1 ? 0 : s.length - dot - 1;
}

function integerDigits(s: string): number {
  const body = s.replace(/^-/, '');
  const dot = body.indexOf('.');
  return (dot === -1 ? body : body.slice(0, dot)).replace(/^0+/, '').length;
}

interface DecimalRule {
  /** Message when the field is absent (the dialog's "Please enter …" wording). */
  required?: string;
  /** Message for anything that is not a non-negative decimal in range. */
  invalid: string;
  maxDecimals?: number;
  percent?: boolean;
  positive?: boolean;
}

/** Request-side decimal: a string or a number in, a plain non-negative decimal string out. */
export function projectionDecimalInput(rule: DecimalRule) {
  const maxDecimals = rule.maxDecimals ?? projectionLimits.maxFractionDigits;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? (rule.required ?? rule.invalid) : rule.invalid),
    })
    .transform((value, ctx): string => {
      const text = typeof value === 'number' ? numberToPlainDecimal(value) : value.trim();
      if (text === null || !plainDecimal.test(text) || text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: rule.invalid });
        return z.NEVER;
      }
      if (integerDigits(text) > projectionLimits.maxIntegerDigits) {
        ctx.addIssue({ code: 'custom', message: rule.invalid });
        return z.NEVER;
      }
      if (fractionDigits(text) > maxDecimals) {
        ctx.addIssue({
          code: 'custom',
          message:
            maxDecimals === projectionLimits.coinsDecimals
              ? projectionWireMessages.tooManyDecimals
              : rule.invalid,
        });
        return z.NEVER;
      }
      // Compared on the text: Number('100.0000000000000000001') is 100.
      const [intPart = '', fracPart = ''] = text.split('.');
      const overHundred = Number(intPart) > 100 || (Number(intPart) === 100 && /[1-9]/.test(fracPart));
      if (rule.percent === true && overHundred) {
        ctx.addIssue({ code: 'custom', message: rule.invalid });
        return z.NEVER;
      }
      // A plain decimal without a non-zero digit is zero.
      if (rule.positive === true && !/[1-9]/.test(text)) {
        ctx.addIssue({ code: 'custom', message: projectionWireMessages.mustBePositive });
        return z.NEVER;
      }
      return text;
    });
}

/** Response-side decimal: always a plain decimal string (may be negative, e.g. profit). */
export const projectionDecimalString = z.string().regex(plainDecimal);

const percentInput = (required?: string) =>
  projectionDecimalInput({ invalid: projectionMessages.invalidPercentage, percent: true, required });

// ---------------------------------------------------------------------------
// Projection

/** An exit plan as the server stores it. */
export const projectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  coin_id: z.string(),
  coin_name: z.string(),
  coin_symbol: z.string(),
  coin_image: z.string(),
  invested_capital: projectionDecimalString,
  tokens_owned: projectionDecimalString,
  circulating_supply: projectionDecimalString.nullable(),
  sell_tax: projectionDecimalString,
  /**
   * Our addition: the currency the projection's money is in (invested capital, prices,
   * cash out). It is the user's base currency when the projection was created and never
   * changes, so stored figures are never silently re-denominated.
   */
  currency: z.enum(baseCurrencies),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Projection = z.infer<typeof projectionSchema>;
export const projectionListResponseSchema = z.array(projectionSchema);

const nameInput = z
  .string({ error: projectionMessages.enterName })
  .trim()
  .min(1, projectionMessages.enterName)
  .max(projectionLimits.nameMax, projectionWireMessages.tooLong);
const coinText = z.string().trim().max(projectionLimits.coinTextMax, projectionWireMessages.tooLong);
const coinImage = z.string().trim().max(projectionLimits.imageMax, projectionWireMessages.tooLong);

const capitalInput = projectionDecimalInput({
  required: projectionMessages.enterInvestedCapital,
  invalid: projectionMessages.invalidNumber,
});
const tokensInput = projectionDecimalInput({
  required: projectionMessages.enterCoinsOwned,
  invalid: projectionMessages.invalidNumber,
});

/** The create payload. Creation needs coin_id (with its message). */
export const projectionCreateSchema = z.object({
  name: nameInput,
  coin_id: z
    .string({ error: projectionMessages.missingCreateInput })
    .trim()
    .min(1, projectionMessages.missingCreateInput)
    .max(projectionLimits.coinTextMax),
  coin_name: coinText.default(''),
  coin_symbol: coinText.default(''),
  coin_image: coinImage.default(''),
  invested_capital: capitalInput,
  tokens_owned: tokensInput,
  sell_tax: percentInput(projectionMessages.enterSellTax),
  currency: z.enum(baseCurrencies).default('usd'),
});
export type ProjectionCreateInput = z.input<typeof projectionCreateSchema>;
export type ProjectionCreate = z.output<typeof projectionCreateSchema>;

/**
 * The update payload. Editing keeps the coin, so the coin fields are
 * optional: absent means "unchanged". The dialog's required fields stay required;
 * description and circulating_supply are optional and nullable (null clears them).
 */
export const projectionUpdateSchema = z.object({
  coin_id: z.string().trim().min(1).max(projectionLimits.coinTextMax).optional(),
  coin_name: coinText.optional(),
  coin_symbol: coinText.optional(),
  coin_image: coinImage.optional(),
  name: nameInput,
  invested_capital: capitalInput,
  tokens_owned: tokensInput,
  sell_tax: percentInput(projectionMessages.enterSellTax),
  description: z
    .string()
    .max(projectionLimits.descriptionMax, projectionWireMessages.tooLong)
    .nullable()
    .optional(),
  circulating_supply: projectionDecimalInput({ invalid: projectionMessages.invalidNumber })
    .nullable()
    .optional(),
});
export type ProjectionUpdateInput = z.input<typeof projectionUpdateSchema>;
export type ProjectionUpdate = z.output<typeof projectionUpdateSchema>;

// ---------------------------------------------------------------------------
// Sell transactions

/** One planned sell, as the server returns it. */
export const sellTransactionSchema = z.object({
  id: z.string(),
  coins_sold: projectionDecimalString,
  price_per_coin: projectionDecimalString,
  fees_percentage: projectionDecimalString,
  price_impact_percentage: projectionDecimalString,
  sell_tax: projectionDecimalString,
  transaction_order: z.number().int().min(1),
});
export type SellTransaction = z.infer<typeof sellTransactionSchema>;
export const sellTransactionListResponseSchema = z.array(sellTransactionSchema);

/**
 * One replace item. The client only sends rows it kept when saving,
 * so coins and price must be above 0; missing fees or impact become 0.
 */
export const replaceTransactionItemSchema = z.object({
  id: z.string().max(100).nullable().optional(),
  coins_sold: projectionDecimalInput({
    invalid: projectionMessages.invalidNumber,
    maxDecimals: projectionLimits.coinsDecimals,
    positive: true,
  }),
  price_per_coin: projectionDecimalInput({ invalid: projectionMessages.invalidNumber, positive: true }),
  fees_percentage: percentInput().default('0'),
  price_impact_percentage: percentInput().default('0'),
  transaction_order: z
    .number({ error: projectionWireMessages.badOrder })
    .int(projectionWireMessages.badOrder)
    .min(1, projectionWireMessages.badOrder),
});
export type ReplaceTransactionItemInput = z.input<typeof replaceTransactionItemSchema>;
export type ReplaceTransactionItem = z.output<typeof replaceTransactionItemSchema>;

const replaceList = z.array(replaceTransactionItemSchema).max(projectionLimits.maxTransactions);

/**
 * The body is a list, or an object with `transactions`. Both are folded into
 * the object form first, so a bad row reports `transactions.<i>.<field>` either way
 * (the issue wants the row's field details), and the output is always the list.
 */
export const replaceTransactionsBodySchema = z
  .preprocess(
    (body) => (Array.isArray(body) ? { transactions: body } : body),
    z.object({ transactions: replaceList }, { error: projectionWireMessages.badReplaceBody }),
  )
  .transform((body) => body.transactions);
export type ReplaceTransactionsBody = z.output<typeof replaceTransactionsBodySchema>;

// ---------------------------------------------------------------------------
// Figures (calculate/, calculate-comprehensive/, {id}/calculate-with-transactions/)

/** Per-row figures; see packages/core/src/projections/recalculate.ts for the rules. */
export const rowFiguresSchema = z.object({
  id: z.string().nullable(),
  transaction_order: z.number().int(),
  counted: z.boolean(),
  capped: z.boolean(),
  coins_sold: projectionDecimalString,
  price_per_coin: projectionDecimalString,
  gross: projectionDecimalString,
  fee: projectionDecimalString,
  tax: projectionDecimalString,
  net: projectionDecimalString,
  cumulative_cash_out: projectionDecimalString,
  remaining_after: projectionDecimalString,
  profit_so_far: projectionDecimalString,
  roi_multiple_so_far: projectionDecimalString.nullable(),
  implied_market_cap: projectionDecimalString.nullable(),
  price_vs_current: projectionDecimalString.nullable(),
  price_vs_ath: projectionDecimalString.nullable(),
  effective_price: projectionDecimalString,
  gross_at_effective_price: projectionDecimalString,
});
export type RowFiguresWire = z.infer<typeof rowFiguresSchema>;

export const projectionFiguresSchema = z.object({
  remaining_tokens: projectionDecimalString,
  total_coins_sold: projectionDecimalString,
  total_gross: projectionDecimalString,
  total_fees: projectionDecimalString,
  total_tax: projectionDecimalString,
  total_cash_out: projectionDecimalString,
  average_sell_price: projectionDecimalString.nullable(),
  profit: projectionDecimalString,
  roi_multiple: projectionDecimalString.nullable(),
  rows: z.array(rowFiguresSchema),
});
export type ProjectionFiguresWire = z.infer<typeof projectionFiguresSchema>;

/** The `{id}/calculate-with-transactions/` response: the stored rows' figures. */
/**
 * The coin's market numbers the per-row extras use, in the projection's currency. Null
 * when the market does not know the coin (figures that need them are then null).
 */
export const projectionMarketSchema = z.object({
  current_price: z.number().nullable(),
  ath: z.number().nullable(),
  ath_date: z.string().nullable(),
  market_cap: z.number().nullable(),
  circulating_supply: z.number().nullable(),
});
export type ProjectionMarket = z.infer<typeof projectionMarketSchema>;

export const calculateWithTransactionsResponseSchema = z.object({
  projection: projectionSchema,
  transactions: z.array(sellTransactionSchema),
  market: projectionMarketSchema,
  figures: projectionFiguresSchema,
});
export type CalculateWithTransactionsResponse = z.infer<typeof calculateWithTransactionsResponseSchema>;

/**
 * `calculate/` and `calculate-comprehensive/` payload (the spec does not show it): a
 * projection's numbers and rows in, figures out. Market numbers are optional.
 */
export const calculateRequestSchema = z.object({
  invested_capital: capitalInput,
  tokens_owned: tokensInput,
  sell_tax: percentInput(projectionMessages.enterSellTax),
  circulating_supply: projectionDecimalInput({ invalid: projectionMessages.invalidNumber })
    .nullable()
    .optional(),
  current_price: projectionDecimalInput({ invalid: projectionMessages.invalidNumber }).nullable().optional(),
  ath_price: projectionDecimalInput({ invalid: projectionMessages.invalidNumber }).nullable().optional(),
  transactions: replaceList,
});
export type CalculateRequest = z.output<typeof calculateRequestSchema>;

// ---------------------------------------------------------------------------
// Portfolio prefill and coin picker

export const portfolioDataQuerySchema = z.object({ coin_id: z.string().trim().min(1).max(200) });

/** Portfolio coin data. Amounts are null when no portfolio holds the coin. */
export const portfolioDataResponseSchema = z.object({
  portfolio_data_available: z.boolean(),
  /** Cost basis of the units of known cost: units of unknown cost are in tokens_owned only. */
  invested_capital: projectionDecimalString.nullable(),
  tokens_owned: projectionDecimalString.nullable(),
  ...unknownCostHoldingFields,
});
export type PortfolioDataResponse = z.infer<typeof portfolioDataResponseSchema>;

/** The coin picker item. db_id is the local row id, null for coins only found by search. */
export const coinPickerItemSchema = z.object({
  id: z.string(),
  db_id: z.union([z.string(), z.number()]).nullable(),
  symbol: z.string(),
  name: z.string(),
  image: z.string(),
  user_favorite: z.boolean(),
  available_balance: projectionDecimalString,
});
export type CoinPickerItem = z.infer<typeof coinPickerItemSchema>;
export const coinPickerListResponseSchema = z.object({ cryptocurrencies: z.array(coinPickerItemSchema) });
export type CoinPickerListResponse = z.infer<typeof coinPickerListResponseSchema>;

/** What the client caches per coin. */
export const coinCacheEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  image: z.string(),
});
export type CoinCacheEntry = z.infer<typeof coinCacheEntrySchema>;

/**
 * The projection form state (persisted locally). Typed values stay text so a
 * half-typed number survives a reload; market figures are numbers for display only.
 */
export const projectionFormStateSchema = z.object({
  coinId: z.string(),
  coinName: z.string(),
  coinSymbol: z.string(),
  coinImage: z.string(),
  investedCapital: z.string(),
  tokensOwned: z.string(),
  circulatingSupply: z.string(),
  sellTax: z.string(),
  isFormVisible: z.boolean(),
  currentPrice: z.number().nullable(),
  athPrice: z.number().nullable(),
  athDate: z.string().nullable(),
  marketCap: z.number().nullable(),
});
export type ProjectionFormState = z.infer<typeof projectionFormStateSchema>;
