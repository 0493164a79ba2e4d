import { z } from 'zod';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { rewardKinds, transactionTypes } from './transaction-constants.ts';

/* Transactions: the bodies that write them, what is stored, and the list. */

/** Notes are free text shown in lists; the cap keeps a row and a CSV line bounded. */
export const noteMaxLength = 1000;
/** Clock skew tolerated between a browser and the server before a date counts as "future". */
export const futureSkewMs = 5 * 60 * 1000;
/** Nothing was traded before the first Bitcoin block; older dates are typos (e.g. year 0202). */
export const earliestTransactionDate = '2009-01-03T00:00:00Z';

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

export const transactionTypeSchema = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const rewardKindSchema = z.enum(rewardKinds);
export type RewardKind = z.infer<typeof rewardKindSchema>;

/**
 * The fee's currency when it is not the portfolio's: a fiat code (usd) or a coin symbol (bnb),
 * three to five letters. Price and quantity stay in the portfolio's currency; the fee is valued
 * in it on the transaction's day (fiat at that day's rate, a coin at its stored close), and a
 * day without one lists the row as needing a price.
 */
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

const placedFields = { portfolio_id: entityIdSchema, coin_id: coinIdSchema, ...transactionFields };

/** Issue 4 "The transaction body": POST, validate and preview. */
export const transactionCreateBodySchema = z
  .object({
    ...placedFields,
    /**
     * With a fee paid in another coin (fee_currency bnb): also record the coins paid as a sale of
     * that coin at its close of the day, in the same write, as a CSV import does.
     * Create only: once written, the sale is a transaction of its own.
     */
    record_fee_sale: z.boolean().optional(),
  })
  .superRefine(rewardKindOnlyOnRewards);
export type TransactionCreateBody = z.infer<typeof transactionCreateBodySchema>;

/** PUT replaces the transaction, so the same fields (the server re-validates the whole timeline). */
export const transactionUpdateBodySchema = z.object(placedFields).superRefine(rewardKindOnlyOnRewards);
export type TransactionUpdateBody = z.infer<typeof transactionUpdateBodySchema>;

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

/** List page size 50. */
export const transactionPageSize = { default: 50, max: 500 } as const;

export const transactionListQuerySchema = z.object({
  portfolio_id: entityIdSchema.optional(),
  coin_id: coinIdSchema.optional(),
  type: transactionTypeSchema.optional(),
  /** Search: a coin's name, symbol or id, or words of the note (case-insensitive). */
  q: z.string().trim().max(100).optional(),
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
