import { z } from 'zod';
import { decimalString, idText, wholeNumber } from '../answer-schemas.ts';

/** Binance's spot and wallet answers in the shapes Binance gives them. */

export const binanceAccountSchema = z.object({
  balances: z.array(z.object({ asset: z.string().min(1), free: decimalString, locked: decimalString })),
});

export const binanceTradeSchema = z.object({
  symbol: z.string().min(1),
  id: idText,
  orderId: idText,
  price: decimalString,
  qty: decimalString,
  quoteQty: decimalString,
  commission: decimalString,
  commissionAsset: z.string().min(1),
  time: wholeNumber,
  isBuyer: z.boolean(),
  isMaker: z.boolean(),
});
export type BinanceTradeJson = z.infer<typeof binanceTradeSchema>;
export const binanceTradesSchema = z.array(binanceTradeSchema);

const optionalText = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));

export const binanceDepositSchema = z.object({
  /** Older deposits were listed without an id. */
  id: idText.optional(),
  amount: decimalString,
  coin: z.string().min(1),
  network: optionalText,
  /** 0 pending, 6 credited but not yet withdrawable, 1 success, 7 wrong deposit, 8 waiting for the user, 2 rejected. */
  status: wholeNumber,
  address: optionalText,
  addressTag: optionalText,
  txId: optionalText,
  insertTime: wholeNumber,
  /** 1 for a transfer from another Binance account, 0 on chain. */
  transferType: wholeNumber.optional(),
});
export type BinanceDepositJson = z.infer<typeof binanceDepositSchema>;
export const binanceDepositsSchema = z.array(binanceDepositSchema);

export const binanceWithdrawalSchema = z.object({
  id: z.string().min(1),
  /** What was sent; the fee is charged on top. */
  amount: decimalString,
  transactionFee: decimalString,
  coin: z.string().min(1),
  /** 0 email sent, 1 cancelled, 2 awaiting approval, 3 rejected, 4 processing, 5 failure, 6 completed. */
  status: wholeNumber,
  address: optionalText,
  addressTag: optionalText,
  txId: optionalText,
  /** UTC, "2019-10-12 11:12:02". */
  applyTime: z.string(),
  network: optionalText,
  transferType: wholeNumber.optional(),
});
export type BinanceWithdrawalJson = z.infer<typeof binanceWithdrawalSchema>;
export const binanceWithdrawalsSchema = z.array(binanceWithdrawalSchema);

export const binanceDividendSchema = z.object({
  id: idText,
  amount: decimalString,
  asset: z.string().min(1),
  divTime: wholeNumber,
  enInfo: z.string(),
  tranId: idText.optional(),
  /** 1 credited, -1 debited; older rows have no direction and were all credits. */
  direction: z.union([z.literal(1), z.literal(-1)]).optional(),
});
export type BinanceDividendJson = z.infer<typeof binanceDividendSchema>;
export const binanceDividendsSchema = z.object({ rows: z.array(binanceDividendSchema), total: wholeNumber });

export const binanceApiRestrictionsSchema = z.object({
  enableWithdrawals: z.boolean(),
  enableInternalTransfer: z.boolean().optional(),
  enableSpotAndMarginTrading: z.boolean(),
  enableMargin: z.boolean().optional(),
  enableFutures: z.boolean().optional(),
  enableVanillaOptions: z.boolean().optional(),
  enablePortfolioMarginTrading: z.boolean().optional(),
});
