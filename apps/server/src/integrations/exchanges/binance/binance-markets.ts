import type { MarketInterface } from 'ccxt';
import type { ExchangeClient } from '../exchange-client.ts';

/** ccxt's code for a Binance asset (the same letters but for a few renamed ones). */
export function binanceCode(client: ExchangeClient<'binance'>, asset: string): string {
  return client.ccxt.safeCurrencyCode(asset) ?? asset;
}

export function binanceMarket(
  client: ExchangeClient<'binance'>,
  symbol: string,
): MarketInterface | undefined {
  return client.ccxt.markets_by_id?.[symbol]?.[0];
}

/**
 * Binance lists an account's trades only per market, and asking all of its two thousand markets
 * would take hours. So the markets asked are those whose both assets the account holds or has
 * moved (balances, deposits, withdrawals, distributions, earlier reads), plus every market that
 * had trades before. A market whose assets were all bought and sold again without ever being
 * held, deposited or withdrawn is not found this way.
 */
export function binanceSymbolsToRead(
  client: ExchangeClient<'binance'>,
  assets: ReadonlySet<string>,
  known: Iterable<string>,
): string[] {
  const symbols = new Set<string>();
  const markets: MarketInterface[] = Object.values(client.ccxt.markets ?? {});
  for (const market of markets) {
    const { id, baseId, quoteId } = market;
    if (!market.spot || typeof id !== 'string' || typeof baseId !== 'string' || typeof quoteId !== 'string')
      continue;
    if (assets.has(baseId) && assets.has(quoteId)) symbols.add(id);
  }
  for (const symbol of known) if (binanceMarket(client, symbol)) symbols.add(symbol);
  return [...symbols].sort();
}
