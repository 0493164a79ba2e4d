import type { CoinMarket, MarketSelectItem } from '@app/contracts';
import { filterCoins, normaliseSearchQuery } from '@app/core';
import type { MarketService } from '../market/index.ts';
import { withoutSparkline } from '../market/index.ts';

/** The portfolios' positions service, structurally; held quantities are decimal strings. */
export interface PositionsReader {
  getPositions(userId: string): Promise<Map<string, { quantity: string }>>;
}

export interface FavoritesReader {
  get(userId: string): Promise<{ favorites: string[] }>;
}

export interface MembershipsReader {
  coinMemberships(userId: string): Promise<Map<string, string[]>>;
}

/** The user-specific market views: the coin picker and the user's own coins. */
export function createTerminalService(deps: {
  market: MarketService;
  settings: FavoritesReader;
  watchlists: MembershipsReader;
  positions?: (() => PositionsReader | undefined) | undefined;
}) {
  async function holdings(userId: string): Promise<Map<string, { quantity: string }>> {
    const reader = deps.positions?.();
    return reader ? reader.getPositions(userId) : new Map();
  }

  return {
    /**
     * The coin picker: favourites first, then coins the user holds, then by market cap;
     * a query of two or more characters searches instead.
     */
    async marketSelect(userId: string, vs: string, limit: number, search: string | undefined) {
      const [coins, settings, held] = await Promise.all([
        deps.market.coinsIn(vs),
        deps.settings.get(userId),
        holdings(userId),
      ]);
      const favorites = new Set(settings.favorites);
      let picked: CoinMarket[];
      if (normaliseSearchQuery(search) !== null) {
        picked = filterCoins(coins, { search });
      } else {
        const rank = (c: CoinMarket) => (favorites.has(c.id) ? 0 : held.has(c.id) ? 1 : 2);
        picked = coins
          .map((c, index) => ({ c, index }))
          .sort((a, b) => rank(a.c) - rank(b.c) || a.index - b.index)
          .map((x) => x.c);
      }
      const cryptocurrencies: MarketSelectItem[] = picked.slice(0, limit).map((c) => ({
        id: c.id,
        db_id: c.id,
        symbol: c.symbol,
        name: c.name,
        image: c.image,
        user_favorite: favorites.has(c.id),
        available_balance: held.get(c.id)?.quantity ?? '0',
        current_price: c.current_price,
        market_cap_rank: c.market_cap_rank,
      }));
      return { cryptocurrencies };
    },

    /** Favourites, watch-listed and held coins with their quotes, in market-cap order. */
    async userCoins(userId: string, vs: string) {
      const [settings, memberships, held] = await Promise.all([
        deps.settings.get(userId),
        deps.watchlists.coinMemberships(userId),
        holdings(userId),
      ]);
      const favorites = new Set(settings.favorites);
      const ids = new Set([...favorites, ...memberships.keys(), ...held.keys()]);
      const quotes = await deps.market.getQuotes([...ids], vs);
      return [...quotes.values()]
        .sort((a, b) => (a.market_cap_rank ?? 1e9) - (b.market_cap_rank ?? 1e9))
        .map((c) => ({
          ...withoutSparkline(c),
          is_favorite: favorites.has(c.id),
          watchlist_ids: memberships.get(c.id) ?? [],
        }));
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
