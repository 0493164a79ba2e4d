import type { MarketInterface } from 'ccxt';
import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';

export interface ResolvedPair {
  base: string;
  quote: string;
}

/** ccxt's code for a Kraken asset id: XXBT and XBT → BTC, ZEUR → EUR, DOT.S → DOT.S. */
export function krakenCode(client: ExchangeClient<'kraken'>, assetId: string): string {
  return client.ccxt.safeCurrencyCode(assetId) ?? assetId;
}

function marketCodes(market: MarketInterface | undefined): ResolvedPair | undefined {
  if (market?.base === undefined || market.quote === undefined) return undefined;
  return { base: market.base, quote: market.quote };
}

/**
 * The currencies of a trade's pair. TradesHistory names the pair by its id (XXBTZEUR) or, for some
 * pairs, its altname (XBTEUR). A pair Kraken no longer lists is split into two asset ids Kraken
 * still describes, and only when exactly one split works; otherwise the trade cannot be read
 * correctly and the read stops rather than guess.
 */
export function resolveKrakenPair(client: ExchangeClient<'kraken'>, pair: string): ResolvedPair {
  const { ccxt } = client;
  const byId = marketCodes(ccxt.markets_by_id?.[pair]?.[0]);
  if (byId) return byId;
  const byAltname = (ccxt.options.marketsByAltname as Record<string, MarketInterface> | undefined)?.[pair];
  const fromAltname = marketCodes(byAltname);
  if (fromAltname) return fromAltname;

  const known = ccxt.currencies_by_id ?? {};
  const splits: ResolvedPair[] = [];
  for (let at = 2; at <= pair.length - 2; at++) {
    const baseId = pair.slice(0, at);
    const quoteId = pair.slice(at);
    if (baseId in known && quoteId in known) {
      splits.push({ base: krakenCode(client, baseId), quote: krakenCode(client, quoteId) });
    }
  }
  if (splits.length === 1 && splits[0]) return splits[0];
  throw new ExchangeError({
    kind: 'malformed',
    message: `Kraken listed a trade on the pair ${pair}, which it no longer describes, so the trade could not be read.`,
    exchange: 'kraken',
    endpoint: 'TradesHistory',
  });
}
