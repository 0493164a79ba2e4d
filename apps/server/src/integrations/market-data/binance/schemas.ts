import { z } from 'zod';

/**
 * Binance spot REST bodies (binance-spot-api-docs, rest-api.md). Prices travel as decimal
 * strings ("42850.01000000"); times as epoch milliseconds. A body that fails these schemas
 * is rejected whole: one bad row in a page of klines changes nothing stored.
 */
const decimalText = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a decimal string')
  .transform((v) => Number(v))
  .pipe(z.number().finite());

const epochMs = z.number().int().nonnegative();

/**
 * One kline: [open time, open, high, low, close, volume, close time, quote asset volume,
 * number of trades, taker buy base volume, taker buy quote volume, ignore]. Extra trailing
 * fields are tolerated (Binance may append), fewer are not.
 */
export const binanceKlineSchema = z
  .tuple([
    epochMs,
    decimalText,
    decimalText,
    decimalText,
    decimalText,
    decimalText,
    epochMs,
    decimalText,
    z.number().int().nonnegative(),
    decimalText,
    decimalText,
  ])
  .rest(z.unknown());

export const binanceKlinesSchema = z.array(binanceKlineSchema);

/** GET /api/v3/ticker/price with `symbols`: one entry per listed symbol. */
export const binanceTickerPricesSchema = z.array(
  z.object({ symbol: z.string().min(1), price: decimalText }).loose(),
);

/** Every endpoint's error body, e.g. {"code": -1121, "msg": "Invalid symbol."}. */
export const binanceErrorSchema = z.object({ code: z.number().int(), msg: z.string() }).loose();

export type BinanceKline = z.output<typeof binanceKlineSchema>;
