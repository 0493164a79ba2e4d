import {
  type ChartTimeframe,
  type CoinDetails,
  type CoinListOrder,
  type CoinMarket,
  emptyCoinSocial,
  type MarketChart,
  type MarketSource,
  type MarketSourceId,
  marketMessages,
  type OhlcRow,
  type SearchResult,
  timeframeDays,
} from '@app/contracts';
import {
  dayStartMs,
  filterCoins,
  marketBreadth,
  normaliseSearchQuery,
  sortCoins,
  topPerformers,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { isUpstreamError, type MarketDataProvider } from '../../integrations/market-data/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCandles } from './candles.ts';
import {
  type CategoryMembershipDeps,
  type CategoryRefreshResult,
  createCategoryMembership,
} from './category-membership.ts';
import { convertCoin, withoutSparkline } from './convert.ts';
import type { DailyCloses, MarketReader } from './market-reader.ts';
import {
  createMarketState,
  errorText,
  type MarketLogger,
  type MarketSnapshot,
  MarketUnavailableError,
  type RefreshResult,
} from './market-state.ts';
import { oncePerKindLogger } from './once-per-kind-logger.ts';
import { createTtlCache } from './ttl-cache.ts';

export interface MarketServiceDeps {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger;
  /** MARKET_REFRESH_SECONDS in ms; data older than three intervals is labelled stale. */
  refreshIntervalMs?: number;
  /** History a first candle backfill reaches for (365 on CoinGecko's free plan). */
  historyDays?: number;
  /** Upstream calls per refresh spent on candles. */
  candleBudget?: number;
  /** Tuning of the live category membership (tests shorten its gaps). */
  categories?: Partial<Omit<CategoryMembershipDeps, 'db' | 'provider' | 'clock' | 'logger'>>;
  /** A second real provider (Binance): prices while the primary fails, and older history. */
  secondary?: SecondaryMarketSource | undefined;
}

/**
 * What the refresher asks of a second real provider in live mode: current USD prices of the
 * coins it lists when the primary's refresh fails, and one step of the older-history backfill
 * after a good refresh. Its failures are its own: the primary's figures stay as they are.
 */
export interface SecondaryMarketSource {
  source: MarketSourceId;
  prices(coinIds: readonly string[]): Promise<ReadonlyMap<string, number>>;
  backfillHistory(): Promise<unknown>;
}

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

const minute = 60_000;
export const coinNotFound = () =>
  new AppError({
    code: 'not_found',
    message: marketMessages.coinNotFound,
  });

function unavailable(): AppError {
  return new AppError({
    code: 'market_unavailable',
    message: marketMessages.marketUnavailable,
  });
}

/**
 * The cached market every route and module reads: the tracked market in
 * memory (refreshed by the job), candles in the database, and cold per-coin data (details,
 * short charts) fetched once and kept. Upstream failures never surface as 5xx while any
 * copy exists; they only mark the data stale.
 */
export function createMarketService(deps: MarketServiceDeps) {
  const refreshIntervalMs = deps.refreshIntervalMs ?? minute;
  const quiet = oncePerKindLogger(deps.logger);
  let lastRefreshFailed = false;
  const categories = createCategoryMembership({
    db: deps.db,
    provider: deps.provider,
    clock: deps.clock,
    logger: deps.logger,
    ...deps.categories,
  });
  const state = createMarketState({
    db: deps.db,
    provider: deps.provider,
    clock: deps.clock,
    logger: deps.logger,
    staleAfterMs: refreshIntervalMs * 3,
    enrichLive: (coins) => categories.annotate(coins),
  });
  const candles = createCandles({
    db: deps.db,
    provider: deps.provider,
    clock: deps.clock,
    logger: quiet,
    historyDays: deps.historyDays ?? 365,
    mode: () => state.mode(),
  });
  const details = createTtlCache<CoinDetails>(500);
  const charts = createTtlCache<MarketChart>(500);
  const ohlcs = createTtlCache<OhlcRow[]>(500);
  const searches = createTtlCache<SearchResult>(500);
  const now = () => deps.clock().getTime();
  // Per-coin copies fetched in demo mode are simulated: none may be served once live.
  state.onSwitchToLive(() => {
    for (const cache of [details, charts, ohlcs, searches]) cache.clear();
  });

  async function snapshot(): Promise<MarketSnapshot> {
    try {
      return await state.ready();
    } catch (error) {
      if (error instanceof MarketUnavailableError) throw unavailable();
      throw error;
    }
  }

  async function market(vs: string) {
    const s = await snapshot();
    return { s, ...state.inCurrency(s, vs) };
  }

  /**
   * Cached upstream call: fresh within `ttlMs`; older copies are served when upstream fails.
   * Unknown ids become 404; with no copy at all a failure is reported by `onColdFailure`.
   */
  async function cached<T>(
    cache: ReturnType<typeof createTtlCache<T>>,
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    onColdFailure: (error: unknown) => T | Promise<T>,
  ): Promise<T> {
    const hit = cache.peek(key, now());
    if (hit && hit.ageMs < ttlMs) return hit.value;
    try {
      const value = await load();
      cache.set(key, value, now());
      return value;
    } catch (error) {
      if (isUpstreamError(error) && error.kind === 'not_found') throw coinNotFound();
      if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 404) throw coinNotFound();
      quiet.warn({ err: errorText(error), key }, 'market call failed; serving cached copy');
      if (hit) return hit.value;
      return onColdFailure(error);
    }
  }

  const reader: MarketReader = {
    async getQuotes(ids, vs) {
      const { byId } = await market(vs);
      const out = new Map<string, CoinMarket>();
      for (const id of ids) {
        const coin = byId.get(id);
        if (coin) out.set(id, withoutSparkline(coin));
      }
      return out;
    },
    async getCoin(id, vs) {
      const { byId } = await market(vs);
      const coin = byId.get(id);
      return coin ? withoutSparkline(coin) : null;
    },
    async getDailyCloses(id, days, vs): Promise<DailyCloses> {
      try {
        const rows = await candles.read(id, vs, days);
        return { timestamps: rows.map((r) => dayStartMs(r.day)), closes: rows.map((r) => r.close) };
      } catch (error) {
        if (isUpstreamError(error)) return { timestamps: [], closes: [] };
        throw error;
      }
    },
    async getUsdRates() {
      const s = await snapshot();
      const usd = s.rates.rates.usd?.value;
      if (!usd) return { usd: 1 };
      return Object.fromEntries(Object.entries(s.rates.rates).map(([code, r]) => [code, r.value / usd]));
    },
    describe(): MarketSource {
      return state.describe();
    },
  };

  return {
    ...reader,

    /**
     * The refresher's work: the market, then a few candle top-ups within the rate budget. On
     * live data one category's membership is then refreshed in the background: it never holds
     * up this refresh (the next one applies what it learnt); `categoryStep` settles with it.
     */
    async refresh(): Promise<
      RefreshResult & {
        categoryStep: Promise<CategoryRefreshResult> | null;
        historyStep: Promise<unknown> | null;
        /** Prices the second provider answered for while the primary failed. */
        fallbackPrices: number;
      }
    > {
      const result = await state.refresh();
      // An outage that ended may log its kinds again next time.
      if (result.ok && lastRefreshFailed) quiet.reset();
      lastRefreshFailed = !result.ok;
      const current = state.peek();
      const secondary = deps.secondary;
      let categoryStep: Promise<CategoryRefreshResult> | null = null;
      let historyStep: Promise<unknown> | null = null;
      let fallbackPrices = 0;
      if (result.ok && current) {
        await candles
          .topUp(
            current.coins.map((c) => c.id),
            deps.candleBudget ?? 5,
          )
          .catch((error: unknown) => quiet.warn({ err: errorText(error) }, 'candle top-up failed'));
        if (current.source === 'coingecko') categoryStep = categories.refreshNext();
        // Older history in the background, like categories: it never holds up this refresh.
        if (secondary && state.mode() === 'live')
          historyStep = secondary.backfillHistory().catch((error: unknown) => {
            deps.logger?.warn({ err: errorText(error) }, 'older history backfill failed');
          });
      } else if (!result.ok && current && secondary && state.mode() === 'live') {
        // One real provider's outage is not an outage of prices.
        fallbackPrices = await secondary
          .prices(current.coins.map((c) => c.id))
          .then((prices) => state.overlayPrices(prices, secondary.source, deps.clock()))
          .catch(() => 0);
      }
      return { ...result, categoryStep, historyStep, fallbackPrices };
    },

    /** One step of the live category membership refresh (the refresher starts it itself). */
    refreshCategories: () => categories.refreshNext(),

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
      const results: Record<
        string,
        Pick<
          CoinMarket,
          | 'id'
          | 'symbol'
          | 'name'
          | 'current_price'
          | 'price_change_percentage_1h'
          | 'price_change_percentage_24h'
          | 'price_change_percentage_7d'
        >
      > = {};
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

    reloadIfNewer: () => state.reloadIfNewer().catch(() => false),
    generation: () => state.generation(),
    /** Another module's stored state learnt from demo prices, forgotten in the switch's transaction. */
    inSwitchToLive: state.inSwitchToLive,

    /** The whole catalogue (CoinGecko search/), falling back to the tracked coins offline. */
    async search(q: string | undefined, limit: number): Promise<SearchResult> {
      const query = normaliseSearchQuery(q);
      if (query === null) return { coins: [] };
      const result = await cached(
        searches,
        query.toLowerCase(),
        10 * minute,
        () => deps.provider.search(query),
        async () => {
          const { coins } = await market('usd');
          return {
            coins: filterCoins(coins, { search: query }).map((c) => ({
              id: c.id,
              name: c.name,
              symbol: c.symbol,
              market_cap_rank: c.market_cap_rank,
              thumb: c.image,
              large: c.image,
            })),
          };
        },
      );
      return { coins: result.coins.slice(0, limit) };
    },

    async details(id: string, vs: string): Promise<CoinDetails> {
      const { s, byId } = await market(vs);
      const live = byId.get(id);
      const base = await cached(
        details,
        id,
        60 * minute,
        () => deps.provider.coinDetails(id, 'usd'),
        (error) => {
          // Upstream is unreachable: the tracked quote still makes an honest (thinner) page.
          const usd = s.byId.get(id);
          if (!usd) throw isUpstreamError(error) ? coinNotFound() : error;
          return {
            ...usd,
            vs_currency: 'usd',
            description: '',
            genesis_date: null,
            categories: usd.categories ?? [],
            links: {
              homepage: [],
              blockchain_site: [],
              twitter_screen_name: null,
              subreddit_url: null,
              repos: [],
            },
            social: emptyCoinSocial,
          };
        },
      );
      const factor = state.usdFactor(s, vs) ?? 1;
      // The refresher's quote is newer than the cached details, so market fields come from it.
      const quote = live ?? convertCoin(base, factor);
      return { ...base, ...quote, categories: base.categories, vs_currency: vs };
    },

    async chart(id: string, timeframe: ChartTimeframe, vs: string): Promise<MarketChart> {
      const days = timeframeDays[timeframe];
      const { byId } = await market(vs);
      if (days === 'max' || days > 90) {
        // Long ranges come from the stored daily candles, the same rows alerts read.
        const rows = await candlesOr404(id, vs, days === 'max' ? null : days);
        const prices: Array<[number, number]> = rows.map((r) => [dayStartMs(r.day), r.close]);
        const live = byId.get(id);
        if (live) prices.push([now(), live.current_price]);
        return { prices, market_caps: [], total_volumes: [] };
      }
      return cached(
        charts,
        `${id}:${vs}:${days}`,
        days <= 1 ? refreshIntervalMs : 10 * minute,
        () => deps.provider.marketChart(id, vs, days),
        async () => {
          const rows = await candlesOr404(id, vs, days);
          return {
            prices: rows.map((r) => [dayStartMs(r.day), r.close]),
            market_caps: [],
            total_volumes: [],
          };
        },
      );
    },

    async ohlc(id: string, days: number | 'max', vs: string): Promise<OhlcRow[]> {
      if (days === 'max' || days > 30) {
        const rows = await candlesOr404(id, vs, days === 'max' ? null : days);
        return rows.map((r): OhlcRow => [dayStartMs(r.day), r.open, r.high, r.low, r.close]);
      }
      await market(vs);
      return cached(
        ohlcs,
        `${id}:${vs}:${days}`,
        days <= 1 ? refreshIntervalMs : 10 * minute,
        () => deps.provider.ohlc(id, vs, days),
        async () => {
          const rows = await candlesOr404(id, vs, days);
          return rows.map((r): OhlcRow => [dayStartMs(r.day), r.open, r.high, r.low, r.close]);
        },
      );
    },

    /** True when the id is one of the tracked coins (no upstream call). */
    async isTracked(id: string): Promise<boolean> {
      return (await snapshot()).byId.has(id);
    },
  };

  async function candlesOr404(id: string, vs: string, days: number | null) {
    try {
      const rows = await candles.read(id, vs, days);
      if (rows.length === 0 && !(await snapshot()).byId.has(id)) throw coinNotFound();
      return rows;
    } catch (error) {
      if (isUpstreamError(error)) throw coinNotFound();
      throw error;
    }
  }
}

function sum(coins: readonly CoinMarket[], pick: (c: CoinMarket) => number | null): number {
  let total = 0;
  for (const c of coins) total += pick(c) ?? 0;
  return total;
}

export type MarketService = ReturnType<typeof createMarketService>;

/** Lets buildApp tell the cached service from a plain reader another module's test passes. */
export function isMarketService(value: MarketReader): value is MarketService {
  return typeof (value as Partial<MarketService>).list === 'function';
}
