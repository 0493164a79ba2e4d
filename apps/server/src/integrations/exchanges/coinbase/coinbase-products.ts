import type { ExchangeClient } from '../exchange-client.ts';

/** ccxt's code for a Coinbase currency id (the same letters but for a few renamed ones: CGLD is CELO). */
export function coinbaseCode(client: ExchangeClient<'coinbase'>, currencyId: string): string {
  return client.ccxt.safeCurrencyCode(currencyId) ?? currencyId;
}

const spotProduct = /^([A-Z0-9]+)-([A-Z0-9]+)$/;

/**
 * The currencies of a spot product. Coinbase names every spot product BASE-QUOTE by its currency
 * ids (BTC-USD, ETH-BTC), listed or delisted, so no market list is needed to read a fill. Futures
 * and perpetuals have more parts (BIT-31JAN25-CDE, BTC-PERP-INTX): null, they are not spot trades.
 */
export function spotProductCodes(
  client: ExchangeClient<'coinbase'>,
  productId: string,
): { base: string; quote: string } | null {
  const match = spotProduct.exec(productId);
  if (!match?.[1] || !match[2]) return null;
  return { base: coinbaseCode(client, match[1]), quote: coinbaseCode(client, match[2]) };
}
