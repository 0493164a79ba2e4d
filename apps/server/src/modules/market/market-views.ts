import type { CoinListOrder, CoinMarket } from '@app/contracts';
import { filterCoins, marketBreadth, normaliseSearchQuery, sortCoins, topPerformers } from '@app/core';
import { withoutSparkline } from './convert.ts';
import type { MarketSnapshot, MarketState } from './market-state.ts';

export interface ListInput {
  vs: string;
  page: number;
  perPage: number;
  order: CoinListOrder;
  search?: string | undefined;
  category?: string | undefined;
  excludeStablecoins: boolean;
  sparkline: boolean;
}

/** The tracked market in one currency: what every view below reads. */
export type MarketInCurrency = (vs: string) => Promise<{
  s: MarketSnapshot;
  coins: CoinMarket[];
  byId: Map<string, CoinMarket>;
}>;

type PriceChange = Pick<
  CoinMarket,
  | 'id'
  | 'symbol'
  | 'name'
  | 'current_price'
  | 'price_change_percentage_1h'
  | 'price_change_percentage_24h'
  | 'price_change_percentage_7d'
>;

/**
 * The views over the tracked market that need no upstream call: the coin list and its search,
 * global figures, trending, top performers, price changes by symbol and breadth. Each reads the
 * snapshot already in memory, converted to the asked currency.
 */
export function createMarketViews(market: MarketInCurrency, state: Pick<MarketState, 'usdFactor'>) {
  return {
    async list(input: ListInput) {
      const { coins } = await market(input.vs);
      const filtered = filterCoins(coins, {
        search: input.search,
        category: input.category,
        excludeStablecoins: input.excludeStablecoins,
      });
      // The cache is already in market-cap order; only other orders pay for a sort.
      const searching = normaliseSearchQuery(input.search) !== null;
      const ordered =
        input.order === 'market_cap_desc' || searching ? filtered : sortCoins(filtered, input.order);
      const start = (input.page - 1) * input.perPage;
      const page = ordered.slice(start, start + input.perPage);
      return {
        results: input.sparkline ? page : page.map(withoutSparkline),
        count: ordered.length,
      };
    },

    async coinsIn(vs: string): Promise<CoinMarket[]> {
      return (await market(vs)).coins;
    },

    async globalData(vs: string) {
      const { s } = await market(vs);
      const factor = state.usdFactor(s, vs) ?? 1;
      const global = s.global ?? {
        // Derived from the tracked coins when upstream has not answered global/ yet.
        active_cryptocurrencies: s.coins.length,
        markets: null,
        total_market_cap: { usd: sum(s.coins, (c) => c.market_cap) },
        total_volume: { usd: sum(s.coins, (c) => c.total_volume) },
        market_cap_percentage: {},
        market_cap_change_percentage_24h_usd: null,
        updated_at: s.fetchedAt.toISOString(),
      };
      const capUsd = global.total_market_cap.usd;
      const volUsd = global.total_volume.usd;
      return {
        ...global,
        vs_currency: vs,
        total_market_cap_vs: global.total_market_cap[vs] ?? (capUsd === undefined ? null : capUsd * factor),
        total_volume_vs: global.total_volume[vs] ?? (volUsd === undefined ? null : volUsd * factor),
      };
    },

    async trending(vs: string, limit: number) {
      const { s, byId } = await market(vs);
      const t = s.trending ?? { basis: 'derived' as const, coins: [] };
      return {
        basis: t.basis,
        vs_currency: vs,
        coins: t.coins.slice(0, limit).map((c) => {
          const quote = byId.get(c.id);
          return { ...c, current_price: quote?.current_price ?? null, image: quote?.image ?? c.large };
        }),
      };
    },

    async topPerforming(vs: string, limit: number): Promise<CoinMarket[]> {
      return topPerformers((await market(vs)).coins, limit).map(withoutSparkline);
    },

    async priceChanges(vs: string, symbols: readonly string[]) {
      const { coins } = await market(vs);
      const wanted = new Set(symbols.map((x) => x.toLowerCase()));
      const results: Record<string, PriceChange> = {};
      // Coins arrive in market-cap order, so a shared symbol resolves to the largest coin.
      for (const c of coins) {
        const symbol = c.symbol.toLowerCase();
        if (!wanted.has(symbol) || results[symbol]) continue;
        results[symbol] = {
          id: c.id,
          symbol: c.symbol,
          name: c.name,
          current_price: c.current_price,
          price_change_percentage_1h: c.price_change_percentage_1h,
          price_change_percentage_24h: c.price_change_percentage_24h,
          price_change_percentage_7d: c.price_change_percentage_7d,
        };
      }
      return results;
    },

    async breadth(vs: string, maDays: number, excludeStablecoins: boolean) {
      const { coins } = await market(vs);
      const b = marketBreadth(filterCoins(coins, { excludeStablecoins }), maDays);
      return {
        total: b.total,
        advancers: b.advancers,
        decliners: b.decliners,
        unchanged: b.unchanged,
        above_ma: b.aboveMa,
      };
    },

    async coinSearch(vs: string, q: string | undefined, limit: number): Promise<CoinMarket[]> {
      if (normaliseSearchQuery(q) === null) return [];
      return filterCoins((await market(vs)).coins, { search: q })
        .slice(0, limit)
        .map(withoutSparkline);
    },
  };
}

function sum(coins: readonly CoinMarket[], pick: (c: CoinMarket) => number | null): number {
  let total = 0;
  for (const c of coins) total += pick(c) ?? 0;
  return total;
}
