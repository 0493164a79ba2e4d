import { ccxtLibrary } from '../ccxt-library.ts';
import { canonicalDecimal, isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { ExchangeTrade } from '../exchange-records.ts';
import { isoOf } from '../exchange-time.ts';
import { spotProductCodes } from './coinbase-products.ts';
import type { CoinbaseFillJson } from './coinbase-schemas.ts';
import { coinbaseTimeMs } from './coinbase-time.ts';

/** Enough for any Coinbase asset (its finest increments have 18 digits). */
const quotientDigits = 18;

function computed(result: string | undefined, what: string): string {
  if (result === undefined) {
    throw new ExchangeError({
      kind: 'malformed',
      message: `Coinbase listed a fill whose ${what} could not be worked out.`,
      exchange: 'coinbase',
      endpoint: 'orders/historical/fills',
    });
  }
  return canonicalDecimal(result);
}

const makerFlags: Readonly<Record<string, boolean>> = { MAKER: true, TAKER: false };

/**
 * A fill as a trade, or null when it is no spot trade (futures, perpetuals) or no fill at all
 * (Coinbase's REVERSAL, CORRECTION and SYNTHETIC entries). A fill sized in the quote currency
 * (a market buy for an amount of money) moved exactly `size` of it; its base amount is that
 * divided by the price.
 */
export function coinbaseTradeOf(
  client: ExchangeClient<'coinbase'>,
  fill: CoinbaseFillJson,
): ExchangeTrade | null {
  if (fill.trade_type !== 'FILL') return null;
  const codes = spotProductCodes(client, fill.product_id);
  if (codes === null) return null;
  const amount = fill.size_in_quote
    ? computed(ccxtLibrary().Precise.stringDiv(fill.size, fill.price, quotientDigits), 'base amount')
    : fill.size;
  const cost = fill.size_in_quote
    ? fill.size
    : computed(ccxtLibrary().Precise.stringMul(fill.size, fill.price), 'cost');
  return {
    id: fill.trade_id,
    orderId: fill.order_id,
    time: isoOf(coinbaseTimeMs(fill.trade_time)),
    market: fill.product_id,
    base: codes.base,
    quote: codes.quote,
    side: fill.side === 'BUY' ? 'buy' : 'sell',
    amount,
    price: fill.price,
    cost,
    fees: isZero(fill.commission) ? [] : [{ cost: fill.commission, currency: codes.quote }],
    maker: makerFlags[fill.liquidity_indicator ?? ''] ?? null,
  };
}
