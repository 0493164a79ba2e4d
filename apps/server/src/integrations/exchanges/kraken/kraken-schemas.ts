import { z } from 'zod';
import { decimalString, numberText, wholeNumber } from '../answer-schemas.ts';

/**
 * Kraken's answers in the shapes Kraken gives them. ccxt has already turned a non-empty
 * `error` array into an exception, so what reaches these schemas is a success envelope.
 */
function envelope<T extends z.ZodType>(result: T) {
  return z.object({ error: z.array(z.string()).max(0), result });
}

export const krakenTimeSchema = envelope(z.object({ unixtime: wholeNumber, rfc1123: z.string().optional() }));

/** Balance: asset id → total held, e.g. { "XXBT": "0.5000000000", "ZEUR": "120.4000" }. */
export const krakenBalanceSchema = envelope(z.record(z.string(), decimalString));

export const krakenTradeSchema = z.object({
  ordertxid: z.string().min(1),
  postxid: z.string().optional(),
  pair: z.string().min(1),
  /** Unix seconds with a fraction. */
  time: numberText,
  type: z.enum(['buy', 'sell']),
  ordertype: z.string(),
  price: decimalString,
  cost: decimalString,
  /** Always in the quote currency: TradesHistory names no fee currency. */
  fee: decimalString,
  vol: decimalString,
  margin: decimalString.optional(),
  misc: z.string().optional(),
  maker: z.boolean().optional(),
});
export type KrakenTradeJson = z.infer<typeof krakenTradeSchema>;

export const krakenTradesHistorySchema = envelope(
  z.object({ trades: z.record(z.string(), krakenTradeSchema), count: wholeNumber }),
);

export const krakenLedgerEntrySchema = z.object({
  refid: z.string(),
  time: numberText,
  type: z.string().min(1),
  subtype: z.string().optional(),
  aclass: z.string().optional(),
  asset: z.string().min(1),
  /** Signed: negative when the asset left the balance. */
  amount: decimalString,
  /** Charged on top of `amount`. */
  fee: decimalString,
  balance: decimalString,
});
export type KrakenLedgerEntryJson = z.infer<typeof krakenLedgerEntrySchema>;

export const krakenLedgersSchema = envelope(
  z.object({ ledger: z.record(z.string(), krakenLedgerEntrySchema), count: wholeNumber }),
);

export const krakenFundingSchema = z.object({
  method: z.string(),
  aclass: z.string().optional(),
  asset: z.string().min(1),
  refid: z.string().min(1),
  /** The blockchain transaction (or bank reference); empty or absent until there is one. */
  txid: z.string().nullable().optional(),
  /** The address (or bank account) paid to or from. */
  info: z.string().nullable().optional(),
  amount: decimalString,
  fee: decimalString.optional(),
  time: numberText,
  status: z.string(),
  'status-prop': z.string().optional(),
  network: z.string().optional(),
});
export type KrakenFundingJson = z.infer<typeof krakenFundingSchema>;

/** DepositStatus / WithdrawStatus with `cursor`: a page and where the next one starts. */
export const krakenFundingPageSchema = envelope(
  z.union([
    z.array(krakenFundingSchema).transform((items) => ({ items, next: undefined })),
    z
      .object({
        deposit: z.array(krakenFundingSchema).optional(),
        withdrawals: z.array(krakenFundingSchema).optional(),
        withdrawal: z.array(krakenFundingSchema).optional(),
        next_cursor: z.string().nullable().optional(),
      })
      .transform((page) => ({
        items: page.deposit ?? page.withdrawals ?? page.withdrawal ?? [],
        next: page.next_cursor ?? undefined,
      })),
  ]),
);

export const krakenApiKeyInfoSchema = envelope(
  z.object({
    permissions: z.array(z.string()),
    /** Unix seconds; "0" when the key may read all of history. */
    queryFrom: numberText.optional(),
    queryTo: numberText.optional(),
  }),
);
