import { z } from 'zod';
import { decimalString, wholeNumber } from '../answer-schemas.ts';
import { isCoinbaseTime } from './coinbase-time.ts';

/** Coinbase's Advanced Trade (v3) and wallet (v2) answers in the shapes Coinbase gives them. */

const time = z.string().refine(isCoinbaseTime, 'not an RFC 3339 time');

const optionalText = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));

export const coinbaseTimeSchema = z.object({ iso: z.string().optional(), epochMillis: wholeNumber });

const v3Money = z.object({ value: decimalString, currency: z.string().min(1) });

export const coinbaseAccountSchema = z.object({
  uuid: z.string().min(1),
  name: z.string().optional(),
  currency: z.string().min(1),
  available_balance: v3Money,
  /** What open orders hold; left out by some answers. */
  hold: v3Money.optional(),
  type: z.string().optional(),
});
export type CoinbaseAccountJson = z.infer<typeof coinbaseAccountSchema>;

export const coinbaseAccountsSchema = z.object({
  accounts: z.array(coinbaseAccountSchema),
  has_next: z.boolean(),
  cursor: z.string(),
  size: wholeNumber.optional(),
});

export const coinbaseFillSchema = z.object({
  entry_id: z.string().min(1),
  trade_id: z.string().min(1),
  order_id: z.string().min(1),
  trade_time: time,
  /** FILL; REVERSAL, CORRECTION and SYNTHETIC are bookkeeping entries about fills. */
  trade_type: z.string().min(1),
  price: decimalString,
  /** In the base currency, or in the quote currency when `size_in_quote`. */
  size: decimalString,
  /** Always in the quote currency. */
  commission: decimalString,
  product_id: z.string().min(1),
  sequence_timestamp: time,
  liquidity_indicator: z.string().optional(),
  size_in_quote: z.boolean(),
  side: z.enum(['BUY', 'SELL']),
});
export type CoinbaseFillJson = z.infer<typeof coinbaseFillSchema>;

/** One page of fills; an empty `cursor` ends the list. */
export const coinbaseFillsSchema = z.object({ fills: z.array(coinbaseFillSchema), cursor: z.string() });

const v2Money = z.object({ amount: decimalString, currency: z.string().min(1) });
const linked = z.object({ id: z.string().min(1) }).optional();
const party = z
  .object({ address: optionalText, resource: z.string().optional() })
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const coinbaseTransactionSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  status: z.string().min(1),
  /** Signed: negative when it left the wallet; a send's network fee is part of it. */
  amount: v2Money,
  created_at: time,
  network: z
    .object({
      status: z.string().optional(),
      hash: optionalText,
      network_name: optionalText,
      transaction_fee: v2Money.optional(),
      transaction_amount: v2Money.optional(),
    })
    .optional(),
  to: party,
  from: party,
  /** The resource the transaction belongs to, under the name of its type. */
  buy: linked,
  sell: linked,
  trade: linked,
  retail_simple_dust: linked,
});
export type CoinbaseTransactionJson = z.infer<typeof coinbaseTransactionSchema>;

export const coinbaseTransactionsSchema = z.object({
  pagination: z.object({ next_starting_after: z.string().nullable().optional() }),
  data: z.array(coinbaseTransactionSchema),
});

export const coinbaseKeyPermissionsSchema = z.object({
  can_view: z.boolean(),
  can_trade: z.boolean(),
  can_transfer: z.boolean(),
  portfolio_uuid: z.string().optional(),
  portfolio_type: z.string().optional(),
});
