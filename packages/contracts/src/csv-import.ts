import { z } from 'zod';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { cryptoOptionSchema } from './portfolio-api.ts';
import { transactionDraftSchema } from './transaction.ts';

/*
 * CSV import: a preview with per-row errors, likely duplicates and the symbols we could
 * not identify, then a commit that writes every row or none. Export is the template as text.
 */

export const csvPresets = ['template', 'coinbase', 'binance', 'kraken'] as const;
export type CsvPreset = (typeof csvPresets)[number];

/**
 * A row the preview converted from the file's currency into the portfolio's at the stored rate of
 * the row's own UTC day (bitcoin's daily close in both currencies), with what the file said.
 */
export const csvRowConversionSchema = z.object({
  /** The file's currency (upper case); a dollar stablecoin is read as USD and named here. */
  from: z.string(),
  /** The portfolio's currency (upper case). */
  to: z.string(),
  /** Units of `to` per one `from` on `day` (12 significant digits: a rate, not money). */
  rate: z.string(),
  /** The UTC day (YYYY-MM-DD) whose rate was used: the row's own. */
  day: z.string(),
  /**
   * Who stored the closes the rate comes from: a provider ('coingecko', 'binance') or 'demo',
   * the bundled snapshot, whose fiat rates are fixed approximations rather than that day's.
   */
  source: z.string(),
  /** The price per coin and the fee as the file gave them, in `from`. */
  original_price_per_coin: z.string().nullable(),
  original_fee: z.string(),
});
export type CsvRowConversion = z.infer<typeof csvRowConversionSchema>;

export const csvImportRowSchema = z.object({
  /** 1-based physical line of the source record (its first line when a trade spans several). */
  line: z.number().int().positive(),
  symbol: z.string(),
  /** Best-known CoinGecko id for the symbol; null means the user must pick the coin. */
  coin_id: z.string().nullable(),
  /**
   * Currency the price and fee are expressed in (upper case); converting it is the server's job.
   * A fee in yet another currency carries it as the transaction's `fee_currency`.
   */
  price_currency: z.string().nullable(),
  /**
   * A coin paid as a trade's fee, leaving the holding as a sale at its market value:
   * the parser prices it 1 in the coin itself and the preview prices it at that coin's close of
   * the day in the portfolio's currency, the close the trade's fee is valued at.
   */
  priced_at_close: z.literal(true).optional(),
  transaction: transactionDraftSchema,
  /** date (to the second) | type | symbol | quantity | price — equal keys are likely duplicates. */
  duplicate_key: z.string(),
  /**
   * The exchange's own id of the record, where the file carries one (`kraken:trade:T…`,
   * `kraken:ledger:L…`): the same id from the exchange's API is the same record, never a second one.
   */
  outside_ref: z.string().max(200).optional(),
  /** Set when the price and fee were converted from another currency (they are then in `to`). */
  conversion: csvRowConversionSchema.optional(),
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

/**
 * A ledger that starts mid-history: its first row of a coin shows a balance before that
 * row's change. Offered as a "transfer in" dated just before that row; its cost is unknown, so the
 * client asks for a price (or the day's close from history) and sends it as an ordinary commit row.
 */
export const openingBalanceSchema = z.object({
  symbol: z.string(),
  coin_id: z.string().nullable(),
  /** Exact decimal string: the balance column minus that first row's signed change. */
  quantity: z.string(),
  /** One second before the first row of the coin. */
  date: z.string(),
  /** The line of that first row. */
  first_line: z.number().int().positive(),
});
export type OpeningBalance = z.infer<typeof openingBalanceSchema>;

export const csvImportPreviewSchema = z.object({
  preset: z.enum(csvPresets).nullable(),
  /** The generation detected, e.g. 'binance/transaction_history', 'kraken/ledgers'. */
  format: z.string().nullable(),
  rows: z.array(csvImportRowSchema),
  errors: z.array(csvRowErrorSchema),
  skipped: z.array(csvSkippedRowSchema),
  /** One per coin whose ledger starts mid-history; empty for files without a balance column. */
  opening_balances: z.array(openingBalanceSchema),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;

/** A stated limit, not the default: the request cap, above the core parser's 5 M chars. */
export const csvUploadMaxBytes = 6 * 1024 * 1024;

/** More distinct symbols than any real export has; bounds the work one request can ask for. */
export const symbolMapMaxEntries = 500;

/**
 * A ticker as a file spells it, upper-cased (rows carry symbols upper-cased too). Exports spell
 * tickers freely (1INCH, ETH2.S, USDC.E), so only blanks and control characters are refused.
 * Upper case also keeps keys such as `__proto__` from meaning anything to a plain object.
 */
export const importSymbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[^\s\p{Cc}]{1,40}$/u, 'Must be a ticker symbol such as BTC');

/**
 * The user's coin for symbols the import could not identify: `{ "ZZQ": "some-coin" }`. It fills
 * in every row of that symbol whose coin is missing or unknown; a coin the file names and the
 * market knows is never overridden. Ids are checked against the market on the server.
 */
export const symbolMapSchema = z
  .record(importSymbolSchema, coinIdSchema)
  .refine((map) => Object.keys(map).length <= symbolMapMaxEntries, {
    message: `At most ${symbolMapMaxEntries} symbols can be mapped in one import`,
  });
export type SymbolMap = z.infer<typeof symbolMapSchema>;

export const importPreviewBodySchema = z.object({
  csv: z.string().min(1, 'Choose a CSV file'),
  preset: z.enum(['auto', ...csvPresets]).default('auto'),
  symbol_map: symbolMapSchema.optional(),
});
export type ImportPreviewBody = z.infer<typeof importPreviewBodySchema>;

/** How many coins sharing a symbol the preview offers; the chooser searches for the rest. */
export const symbolCandidatesMax = 10;

/** A symbol whose rows have no known coin yet: the lines, and the market's coins with that symbol. */
export const unresolvedSymbolSchema = z.object({
  symbol: z.string(),
  lines: z.array(z.number().int().positive()),
  /** Coins whose symbol matches, largest market cap first (empty when none does). */
  candidates: z.array(cryptoOptionSchema),
});
export type UnresolvedSymbol = z.infer<typeof unresolvedSymbolSchema>;

/** A row priced in another currency on a day without a stored rate: not converted, not importable yet. */
export const csvRowNeedingRateSchema = z.object({
  line: z.number().int().positive(),
  from: z.string(),
  to: z.string(),
  day: z.string(),
});
export type CsvRowNeedingRate = z.infer<typeof csvRowNeedingRateSchema>;

export const importPreviewResponseSchema = csvImportPreviewSchema.extend({
  portfolio_id: entityIdSchema,
  /** The portfolio's currency (lower case): every converted figure is in it. */
  currency: z.string(),
  /**
   * Rows in another currency without a rate for their day (each also an error on its line). The
   * rate history is being downloaded in the background, so a later preview may convert them.
   */
  needs_rate: z.array(csvRowNeedingRateSchema),
  /** Lines that match another line of the file or a stored transaction. */
  duplicate_lines: z.array(z.number().int()),
  /** One entry per distinct symbol still without a coin after `symbol_map` was applied. */
  unresolved_symbols: z.array(unresolvedSymbolSchema),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

/**
 * A row to write. Its coin is `symbol_map[symbol]` when `coin_id` is missing or unknown, so a
 * client may send the preview's rows as they are plus the map the user chose.
 */
export const importCommitRowSchema = z.object({
  line: z.number().int().nonnegative(),
  /** The row's symbol as previewed: only used to look it up in `symbol_map`. */
  symbol: z.string().max(100).optional(),
  coin_id: coinIdSchema.nullable().optional(),
  transaction: transactionDraftSchema,
  outside_ref: z.string().max(200).optional(),
});
export type ImportCommitRow = z.infer<typeof importCommitRowSchema>;

export const importCommitBodySchema = z.object({
  rows: z
    .array(importCommitRowSchema)
    .min(1, 'Nothing to import: choose at least one row without errors')
    .max(20_000),
  symbol_map: symbolMapSchema.optional(),
});
export type ImportCommitBody = z.infer<typeof importCommitBodySchema>;

export const importCommitResponseSchema = z.object({ created: z.number().int().nonnegative() });
