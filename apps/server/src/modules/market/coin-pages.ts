import {
  type ChartTimeframe,
  type CoinDetails,
  emptyCoinSocial,
  type MarketChart,
  marketMessages,
  type OhlcRow,
  type SearchResult,
  timeframeDays,
} from '@app/contracts';
import { dayStartMs, filterCoins, normaliseSearchQuery } from '@app/core';
import { isUpstreamError, type MarketDataProvider } from '../../integrations/market-data/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Candles } from './candles.ts';
import { convertCoin } from './convert.ts';
import { errorText, type MarketLogger, type MarketSnapshot, type MarketState } from './market-state.ts';
import type { MarketInCurrency } from './market-views.ts';
import { createTtlCache } from './ttl-cache.ts';

const minute = 60_000;

export const coinNotFound = () =>
  new AppError({
    code: 'not_found',
    message: marketMessages.coinNotFound,
  });

export interface CoinPagesDeps {
  provider: MarketDataProvider;
  state: Pick<MarketState, 'usdFactor' | 'onSwitchToLive'>;
  candles: Pick<Candles, 'read'>;
  market: MarketInCurrency;
  snapshot: () => Promise<MarketSnapshot>;
  /** Logs each kind of upstream failure once per outage. */
  quiet: MarketLogger;
  now: () => number;
  refreshIntervalMs: number;
}

/**
 * Per-coin data fetched from upstream when asked (details, short charts and candles, catalogue
 * search), kept for a while and served old while upstream fails; long ranges come from the
 * stored daily candles. With no copy at all a coin page falls back to what the tracked market
 * knows, or says the coin does not exist.
 */
export function createCoinPages(deps: CoinPagesDeps) {
  const { market, snapshot, quiet, now, refreshIntervalMs } = deps;
  const details = createTtlCache<CoinDetails>(500);
  const charts = createTtlCache<MarketChart>(500);
  const ohlcs = createTtlCache<OhlcRow[]>(500);
  const searches = createTtlCache<SearchResult>(500);
  // Per-coin copies fetched in demo mode are simulated: none may be served once live.
  deps.state.onSwitchToLive(() => {
    for (const cache of [details, charts, ohlcs, searches]) cache.clear();
  });

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

  async function candlesOr404(id: string, vs: string, days: number | null) {
    try {
      const rows = await deps.candles.read(id, vs, days);
      if (rows.length === 0 && !(await snapshot()).byId.has(id)) throw coinNotFound();
      return rows;
    } catch (error) {
      if (isUpstreamError(error)) throw coinNotFound();
      throw error;
    }
  }

  const toOhlc = (rows: Awaited<ReturnType<typeof candlesOr404>>) =>
    rows.map((r): OhlcRow => [dayStartMs(r.day), r.open, r.high, r.low, r.close]);

  return {
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
      const factor = deps.state.usdFactor(s, vs) ?? 1;
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
      if (days === 'max' || days > 30)
        return toOhlc(await candlesOr404(id, vs, days === 'max' ? null : days));
      await market(vs);
      return cached(
        ohlcs,
        `${id}:${vs}:${days}`,
        days <= 1 ? refreshIntervalMs : 10 * minute,
        () => deps.provider.ohlc(id, vs, days),
        async () => toOhlc(await candlesOr404(id, vs, days)),
      );
    },
  };
}
