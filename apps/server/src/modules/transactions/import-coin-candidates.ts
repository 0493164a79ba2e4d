import { type CoinMarket, symbolCandidatesMax, type UnresolvedSymbol } from '@app/contracts';
import { symbolCandidates, type UnresolvedSymbolLines } from '@app/core';
import { coinIdentity } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';

/** The market's tracked coins: where the import looks for coins sharing an unknown symbol. */
export interface CoinCatalogue {
  coinsIn(vsCurrency: string): Promise<readonly CoinMarket[]>;
}

/**
 * The cached market service lists its coins; a plain reader (some tests) cannot, and then the
 * preview offers no candidates and the chooser relies on its search alone.
 */
export function coinCatalogue(market: MarketReader): CoinCatalogue | null {
  const coinsIn = (market as Partial<CoinCatalogue>).coinsIn;
  return typeof coinsIn === 'function' ? { coinsIn: (vs) => coinsIn.call(market, vs) } : null;
}

/** Each unresolved symbol with the coins that carry it, largest market cap first. */
export async function symbolCandidatesFor(
  catalogue: CoinCatalogue | null,
  groups: readonly UnresolvedSymbolLines[],
): Promise<UnresolvedSymbol[]> {
  if (groups.length === 0) return [];
  const coins = catalogue ? await catalogue.coinsIn('usd') : [];
  return groups.map((g) => ({
    symbol: g.symbol,
    lines: g.lines,
    candidates: symbolCandidates(g.symbol, coins, symbolCandidatesMax).map((c) => coinIdentity(c.id, c)),
  }));
}
