import type { CoinMarket, ExchangeRates, GlobalData, MarketSource, Trending } from '@app/contracts';
import { coinMarketSchema, exchangeRatesSchema, globalDataSchema, trendingSchema } from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUpstreamError, type MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { convertCoin } from './convert.ts';
import { readCacheEntries, readCacheFetchedAt, writeCacheEntry } from './market-cache.repository.ts';

export interface MarketLogger {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

/** One consistent copy of the market, in USD, as the refresher last saw it. */
export interface MarketSnapshot {
  coins: CoinMarket[];
  byId: Map<string, CoinMarket>;
  rates: ExchangeRates;
  global: GlobalData | null;
  trending: Trending | null;
  fetchedAt: Date;
  source: MarketSource['source'];
  /** The data's own as-of (the snapshot's dataset date, or the fetch time for CoinGecko). */
  asOf: string;
  /** True when served from the snapshot as a fallback for CoinGecko. */
  fallback: boolean;
}

export interface RefreshResult {
  ok: boolean;
  source: MarketSource;
  coins: number;
  error?: string;
}

const keys = { markets: 'markets:usd', rates: 'rates', global: 'global', trending: 'trending' } as const;
/** How many coins the terminal tracks: two CoinGecko pages, two calls per refresh. */
const trackedPages = 2;
const pageSize = 250;

const cachedMarkets = z.object({
  coins: z.array(coinMarketSchema),
  asOf: z.string(),
  fallback: z.boolean(),
});

/**
 * The market in memory, backed by the market_cache table so a restart serves the last good
 * copy at once. Only `refresh()` talks to the provider; readers never wait on upstream
 * except the very first time, when there is nothing at all to show.
 */
export function createMarketState(deps: {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger | undefined;
  /** Data older than this is labelled stale (3 refresh intervals by default). */
  staleAfterMs: number;
  /** Fills in what a live list lacks (categories) before a CoinGecko copy is installed. */
  enrichLive?: ((coins: readonly CoinMarket[]) => Promise<CoinMarket[]>) | undefined;
}) {
  let current: MarketSnapshot | null = null;
  let generation = 0;
  let lastRefreshFailed = false;
  let loading: Promise<MarketSnapshot> | null = null;
  let refreshing: Promise<RefreshResult> | null = null;
  const converted = new Map<
    string,
    { generation: number; coins: CoinMarket[]; byId: Map<string, CoinMarket> }
  >();

  function install(next: MarketSnapshot): void {
    current = next;
    generation += 1;
    converted.clear();
  }

  async function loadFromCache(): Promise<MarketSnapshot | null> {
    const entries = await readCacheEntries(deps.db, Object.values(keys));
    const markets = cachedMarkets.safeParse(entries.get(keys.markets)?.payload);
    const rates = exchangeRatesSchema.safeParse(entries.get(keys.rates)?.payload);
    const marketsEntry = entries.get(keys.markets);
    if (!markets.success || !rates.success || !marketsEntry) return null;
    const global = globalDataSchema.safeParse(entries.get(keys.global)?.payload);
    const trending = trendingSchema.safeParse(entries.get(keys.trending)?.payload);
    const source = marketsEntry.source === 'coingecko' ? 'coingecko' : 'snapshot';
    return {
      coins: markets.data.coins,
      byId: new Map(markets.data.coins.map((c) => [c.id, c])),
      rates: rates.data,
      global: global.success ? global.data : null,
      trending: trending.success ? trending.data : null,
      fetchedAt: marketsEntry.fetchedAt,
      source,
      asOf: markets.data.asOf,
      fallback: markets.data.fallback,
    };
  }

  async function fetchAll(): Promise<MarketSnapshot> {
    const { provider } = deps;
    const coins: CoinMarket[] = [];
    for (let page = 1; page <= trackedPages; page++) {
      const rows = await provider.listMarkets({
        vsCurrency: 'usd',
        page,
        perPage: pageSize,
        sparkline: true,
        priceChangePercentage: ['1h', '24h', '7d'],
      });
      coins.push(...rows);
      if (rows.length < pageSize) break;
    }
    const described = provider.describe();
    const rates = await provider.exchangeRates();
    // Global figures and trending are extras: a failure keeps the previous copy.
    const global = await provider.global().catch((error: unknown) => keep('global', error, current?.global));
    const trending = await provider
      .trending()
      .catch((error: unknown) => keep('trending', error, current?.trending));
    const now = deps.clock();
    const source = provider.describe();
    const deduped = new Map<string, CoinMarket>();
    for (const c of coins) if (!deduped.has(c.id)) deduped.set(c.id, c);
    // `described` says who answered coins/markets (auto mode may fall back per call).
    const list =
      described.source === 'coingecko' && deps.enrichLive
        ? await deps.enrichLive([...deduped.values()])
        : [...deduped.values()];
    const unique = new Map(list.map((c) => [c.id, c]));
    return {
      coins: list,
      byId: unique,
      rates,
      global: global ?? null,
      trending: trending ?? null,
      fetchedAt: now,
      source: source.source,
      asOf: source.source === 'coingecko' ? now.toISOString() : described.as_of,
      fallback: source.stale,
    };
  }

  function keep<T>(what: string, error: unknown, previous: T | null | undefined): T | null {
    deps.logger?.warn({ err: errorText(error), what }, 'market refresh kept the previous copy');
    return previous ?? null;
  }

  async function persist(s: MarketSnapshot): Promise<void> {
    const base = { source: s.source, fetchedAt: s.fetchedAt };
    await writeCacheEntry(deps.db, keys.markets, {
      ...base,
      payload: { coins: s.coins, asOf: s.asOf, fallback: s.fallback },
    });
    await writeCacheEntry(deps.db, keys.rates, { ...base, payload: s.rates });
    if (s.global) await writeCacheEntry(deps.db, keys.global, { ...base, payload: s.global });
    if (s.trending) await writeCacheEntry(deps.db, keys.trending, { ...base, payload: s.trending });
  }

  async function refresh(): Promise<RefreshResult> {
    if (refreshing) return refreshing;
    refreshing = (async (): Promise<RefreshResult> => {
      try {
        const next = await fetchAll();
        install(next);
        lastRefreshFailed = false;
        await persist(next).catch((error: unknown) =>
          deps.logger?.warn({ err: errorText(error) }, 'market cache write failed'),
        );
        return { ok: true, source: describe(), coins: next.coins.length };
      } catch (error) {
        // Upstream is down, slow or talking nonsense: keep serving what we have, marked stale.
        lastRefreshFailed = true;
        deps.logger?.warn({ err: errorText(error) }, 'market refresh failed; serving the cached copy');
        return { ok: false, source: describe(), coins: current?.coins.length ?? 0, error: errorText(error) };
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** The current copy; on a cold start the DB cache, else one awaited refresh. */
  async function ready(): Promise<MarketSnapshot> {
    if (current) return current;
    loading ??= (async () => {
      const cached = await loadFromCache();
      if (cached) {
        install(cached);
        return cached;
      }
      const result = await refresh();
      if (!current) throw new MarketUnavailableError(result.error ?? 'no market data');
      return current;
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  function describe(): MarketSource {
    if (!current) {
      const p = deps.provider.describe();
      return { ...p, stale: p.stale || lastRefreshFailed };
    }
    const age = deps.clock().getTime() - current.fetchedAt.getTime();
    return {
      source: current.source,
      as_of: current.source === 'coingecko' ? current.fetchedAt.toISOString() : current.asOf,
      stale: current.fallback || lastRefreshFailed || age > deps.staleAfterMs,
    };
  }

  /** Units of `vs` per USD; null when the currency is unknown to the rates table. */
  function usdFactor(s: MarketSnapshot, vs: string): number | null {
    if (vs === 'usd') return 1;
    const target = s.rates.rates[vs];
    const usd = s.rates.rates.usd;
    if (!target || !usd) return null;
    return target.value / usd.value;
  }

  /** The whole tracked market in `vs`, converted once per refresh and shared by every request. */
  function inCurrency(s: MarketSnapshot, vs: string): { coins: CoinMarket[]; byId: Map<string, CoinMarket> } {
    if (vs === 'usd') return { coins: s.coins, byId: s.byId };
    const hit = converted.get(vs);
    if (hit && hit.generation === generation) return hit;
    const factor = usdFactor(s, vs) ?? 1;
    const coins = s.coins.map((c) => convertCoin(c, factor));
    const entry = { generation, coins, byId: new Map(coins.map((c) => [c.id, c])) };
    converted.set(vs, entry);
    return entry;
  }

  /** Another process refreshed (a `buffers` event): adopt its copy when it is newer. */
  async function reloadIfNewer(): Promise<boolean> {
    const at = await readCacheFetchedAt(deps.db, keys.markets);
    if (!at || (current && at.getTime() <= current.fetchedAt.getTime())) return false;
    const cached = await loadFromCache();
    if (!cached) return false;
    install(cached);
    lastRefreshFailed = false;
    return true;
  }

  return {
    ready,
    refresh,
    reloadIfNewer,
    describe,
    usdFactor,
    inCurrency,
    peek: () => current,
    /** Bumps whenever a new copy of the market is installed; response caches key on it. */
    generation: () => generation,
  };
}

export type MarketState = ReturnType<typeof createMarketState>;

export class MarketUnavailableError extends Error {
  constructor(reason: string) {
    super(`Market data is unavailable: ${reason}`);
    this.name = 'MarketUnavailableError';
  }
}

export function errorText(error: unknown): string {
  if (isUpstreamError(error)) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
