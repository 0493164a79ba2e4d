import { isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { ExchangeTrade } from '../exchange-records.ts';
import { isoOf } from '../exchange-time.ts';
import { binanceCode, binanceMarket } from './binance-markets.ts';
import { type BinanceTradeJson, binanceTradesSchema } from './binance-schemas.ts';

/** myTrades answers at most this many trades per request. */
export const binanceTradePageSize = 1000;

export function binanceTradeOf(client: ExchangeClient<'binance'>, trade: BinanceTradeJson): ExchangeTrade {
  const market = binanceMarket(client, trade.symbol);
  if (market?.base === undefined || market.quote === undefined) {
    throw new ExchangeError({
      kind: 'malformed',
      message: `Binance listed a trade on ${trade.symbol}, a market its exchange information does not describe.`,
      exchange: 'binance',
      endpoint: 'myTrades',
    });
  }
  return {
    id: trade.id,
    orderId: trade.orderId,
    time: isoOf(trade.time),
    market: trade.symbol,
    base: market.base,
    quote: market.quote,
    side: trade.isBuyer ? 'buy' : 'sell',
    amount: trade.qty,
    price: trade.price,
    cost: trade.quoteQty,
    fees: isZero(trade.commission)
      ? []
      : [{ cost: trade.commission, currency: binanceCode(client, trade.commissionAsset) }],
    maker: trade.isMaker,
  };
}

/**
 * One market's trades from `fromId` on, oldest first, a page at a time, each page with the id the
 * next one starts from. Ids can outgrow a double, so the next id is counted with BigInt.
 */
export async function* binanceTradePages(
  client: ExchangeClient<'binance'>,
  symbol: string,
  fromId: string,
): AsyncGenerator<{ trades: BinanceTradeJson[]; nextFromId: string }> {
  let next = fromId;
  for (;;) {
    const page = await client.call('myTrades', binanceTradesSchema, (binance) =>
      binance.privateGetMyTrades({ symbol, fromId: next, limit: binanceTradePageSize }),
    );
    const wrong = page.find((trade) => trade.symbol !== symbol || BigInt(trade.id) < BigInt(next));
    if (wrong) {
      throw new ExchangeError({
        kind: 'malformed',
        message: `Binance answered the trades of ${symbol} from id ${next} with a trade outside them.`,
        exchange: 'binance',
        endpoint: 'myTrades',
      });
    }
    const last = page.at(-1);
    if (last) next = (BigInt(last.id) + 1n).toString();
    yield { trades: page, nextFromId: next };
    if (page.length < binanceTradePageSize) return;
  }
}
