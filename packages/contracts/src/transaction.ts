import { z } from 'zod';
import { decimalOut, decimalString, decimalStringProblem } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { lotChoiceFieldSchema } from './lot-choice.ts';
import { lotChoiceMessages } from './lot-choice-constants.ts';
import { rewardKinds, transactionClassifications, transactionTypes } from './transaction-constants.ts';

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

const priceLabel = 'Price per coin';

/**
 * The price as typed: a decimal, or nothing (omitted, null or empty). What nothing means depends
 * on the type and is settled on the whole body (`priceByType`).
 */
const priceInput = z
  .string()
  .trim()
  .nullable()
  .optional()
  .superRefine((value, ctx) => {
    if (value === null || value === undefined || value === '') return;
    const message = decimalStringProblem(value, 'nonNegative', priceLabel);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Fields shared by every transaction body; `date` is when it happened (stored as executed_at). */
const transactionFields = {
  type: transactionTypeSchema,
  quantity: decimalString('positive', 'Quantity'),
  price_per_coin: priceInput,
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

/** Only a sale names the lots it sells (null, "none", is fine on any type). */
function lotsOnlyOnSales(
  body: { type?: TransactionType | undefined; lots?: readonly unknown[] | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.lots != null && body.type !== undefined && body.type !== 'sell') {
    ctx.addIssue({ code: 'custom', path: ['lots'], message: lotChoiceMessages.onlySales });
  }
}

type PriceInput = z.output<typeof priceInput>;

/**
 * A transfer in without a price (omitted, null or empty) is a coin whose cost nobody knows yet:
 * kept as null, never as a cost of 0. Every other type needs a price when one is sent, and an
 * omitted one is 0, as it always was.
 */
function priceByType(
  body: { type?: TransactionType | undefined; price_per_coin?: PriceInput },
  ctx: z.RefinementCtx,
): void {
  if (body.type === 'transfer_in' || body.type === undefined) return;
  if (body.price_per_coin === null || body.price_per_coin === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['price_per_coin'],
      message: decimalStringProblem('', 'nonNegative', priceLabel) ?? priceLabel,
    });
  }
}

/** The body with its price settled: a string, or null on a transfer in without one. */
function settledPrice<T extends { type: TransactionType; price_per_coin?: PriceInput }>(
  body: T,
): Omit<T, 'price_per_coin'> & { price_per_coin: string | null } {
  const given = body.price_per_coin;
  const missing = given === undefined || given === null || given === '';
  return { ...body, price_per_coin: missing ? (body.type === 'transfer_in' ? null : '0') : given };
}

/*
 * Each body: its checks, then the price settled by type, into the fields as they come out
 * (already checked, so plain types). A codec, so `string | null` is the parsed price, a response
 * that carries a draft (the CSV preview) encodes back as it is, and both sides stay plain
 * objects in the OpenAPI description (input: what a client may send; output: what is stored).
 */
const settledFields = {
  type: transactionTypeSchema,
  quantity: z.string(),
  price_per_coin: z.string().nullable(),
  fee: z.string(),
  fee_currency: z.string().optional(),
  date: z.string(),
  note: z.string(),
  reward_kind: rewardKindSchema.optional(),
};
const settledPlacement = { portfolio_id: z.string(), coin_id: z.string() };
/** A choice of lots as it comes out of a body, already checked. */
const settledLots = z
  .array(z.object({ acquisition_id: z.string(), quantity: z.string() }))
  .nullable()
  .optional();

/** The transaction fields a CSV row or a form fills in, before a portfolio and coin are chosen. */
export const transactionDraftSchema = z.codec(
  z.object(transactionFields).superRefine(rewardKindOnlyOnRewards).superRefine(priceByType),
  z.object(settledFields),
  { decode: settledPrice, encode: (value) => value },
);
export type TransactionDraft = z.infer<typeof transactionDraftSchema>;

const placedFields = {
  portfolio_id: entityIdSchema,
  coin_id: coinIdSchema,
  ...transactionFields,
  /**
   * A sale's lots (specific identification, used under the US rule): each named acquisition and
   * the quantity taken from it, adding up to the sale's quantity. null: none. Left out on an edit,
   * the choice stored with the sale is kept (and must still fit it).
   */
  lots: lotChoiceFieldSchema,
};

const createFields = {
  ...placedFields,
  /**
   * With a fee paid in another coin (fee_currency bnb): also record the coins paid as a sale of
   * that coin at its close of the day, in the same write, as a CSV import does.
   * Create only: once written, the sale is a transaction of its own.
   */
  record_fee_sale: z.boolean().optional(),
};

/** The transaction body: POST, validate and preview. */
export const transactionCreateBodySchema = z.codec(
  z
    .object(createFields)
    .superRefine(rewardKindOnlyOnRewards)
    .superRefine(priceByType)
    .superRefine(lotsOnlyOnSales),
  z.object({
    ...settledPlacement,
    ...settledFields,
    record_fee_sale: z.boolean().optional(),
    lots: settledLots,
  }),
  { decode: settledPrice, encode: (value) => value },
);
export type TransactionCreateBody = z.infer<typeof transactionCreateBodySchema>;

/** PUT replaces the transaction, so the same fields (the server re-validates the whole timeline). */
export const transactionUpdateBodySchema = z.codec(
  z
    .object(placedFields)
    .superRefine(rewardKindOnlyOnRewards)
    .superRefine(priceByType)
    .superRefine(lotsOnlyOnSales),
  z.object({ ...settledPlacement, ...settledFields, lots: settledLots }),
  { decode: settledPrice, encode: (value) => value },
);
export type TransactionUpdateBody = z.infer<typeof transactionUpdateBodySchema>;

const checkFields = {
  portfolio_id: entityIdSchema,
  coin_id: coinIdSchema,
  ...transactionFields,
  /** Accepted so a form sends one body everywhere; the checks do not read it (the save does). */
  lots: lotChoiceFieldSchema,
  transaction_id: entityIdSchema.optional(),
};

/** Validate and preview take the transaction body, plus the id of the transaction it replaces on edit. */
export const transactionCheckBodySchema = z.codec(
  z.object(checkFields).superRefine(rewardKindOnlyOnRewards).superRefine(priceByType),
  z.object({
    ...settledPlacement,
    ...settledFields,
    transaction_id: z.string().optional(),
    lots: settledLots,
  }),
  { decode: settledPrice, encode: (value) => value },
);
export type TransactionCheckBody = z.infer<typeof transactionCheckBodySchema>;

/** Where a connection's row came from: the connection (null once deleted, rows kept) and its outside id. */
export const transactionSourceSchema = z.object({
  connection_id: entityIdSchema.nullable(),
  source_id: z.string(),
});
export type TransactionSource = z.infer<typeof transactionSourceSchema>;

export const transactionSchema = z.object({
  id: entityIdSchema,
  portfolio_id: entityIdSchema,
  coin_id: z.string(),
  type: transactionTypeSchema,
  quantity: decimalOut,
  /** Null only on a transfer in whose cost is unknown: left out of every cost figure, never 0. */
  price_per_coin: decimalOut.nullable(),
  fee: decimalOut,
  fee_currency: z.string().optional(),
  executed_at: isoDateTime,
  note: z.string(),
  reward_kind: rewardKindSchema.optional(),
  /**
   * Where a connection's row came from: the connection (null once it was deleted and its rows
   * kept) and the on-chain id. Absent on rows typed or imported by hand.
   */
  source: transactionSourceSchema.optional(),
  /** What the owner said a connection's row is, or `received`/`sent` while they have not. */
  classification: z.enum(transactionClassifications).optional(),
  /** The other half of an own transfer the owner matched. */
  matched_transaction_id: entityIdSchema.optional(),
  /**
   * A connection's rows only (its page's list): the other half when the transfer matcher proposes
   * this row as one half of an own transfer, which the books already count until it is undone.
   */
  proposed_transfer: z.object({ transaction_id: entityIdSchema, portfolio_name: z.string() }).optional(),
  /** A sale that names its lots (specific identification): the lots and the quantity of each. */
  lots: z.array(z.object({ acquisition_id: entityIdSchema, quantity: decimalOut })).optional(),
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
