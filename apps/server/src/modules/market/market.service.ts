import { type CoinMarket, type MarketSource, type MarketSourceId, marketMessages } from '@app/contracts';
import { dayStartMs } from '@app/core';
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
import { createCoinPages } from './coin-pages.ts';
import { withoutSparkline } from './convert.ts';
import type { DailyCloses, MarketReader } from './market-reader.ts';
import {
  createMarketState,
  errorText,
  type MarketLogger,
  type MarketSnapshot,
  MarketUnavailableError,
  type RefreshResult,
} from './market-state.ts';
import { createMarketViews } from './market-views.ts';
import { oncePerKindLogger } from './once-per-kind-logger.ts';

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

export { coinNotFound } from './coin-pages.ts';
export type { ListInput } from './market-views.ts';

const minute = 60_000;

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
  const now = () => deps.clock().getTime();

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

  const views = createMarketViews(market, state);
  const coinPages = createCoinPages({
    provider: deps.provider,
    state,
    candles,
    market,
    snapshot,
    quiet,
    now,
    refreshIntervalMs,
  });

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

    ...views,

    reloadIfNewer: () => state.reloadIfNewer().catch(() => false),
    generation: () => state.generation(),
    /** Another module's stored state learnt from demo prices, forgotten in the switch's transaction. */
    inSwitchToLive: state.inSwitchToLive,

    ...coinPages,

    /** True when the id is one of the tracked coins (no upstream call). */
    async isTracked(id: string): Promise<boolean> {
      return (await snapshot()).byId.has(id);
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

/** Lets buildApp tell the cached service from a plain reader another module's test passes. */
export function isMarketService(value: MarketReader): value is MarketService {
  return typeof (value as Partial<MarketService>).list === 'function';
}
