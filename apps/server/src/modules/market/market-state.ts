import type { CoinMarket, MarketMode, MarketSource, MarketSourceId } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  isUpstreamError,
  type MarketDataProvider,
  providerMode,
} from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { convertCoin } from './convert.ts';
import { fetchMarket } from './fetch-market.ts';
import {
  findRealMarketRow,
  marketModeKey,
  purgeDemoRows,
  readCacheEntries,
  writeCacheEntry,
} from './market-cache.repository.ts';
import {
  readMarketCopy,
  readMarketCopyTime,
  readPriceOverlayTime,
  withPrices,
  writeMarketCopy,
  writePriceOverlay,
} from './market-copy-store.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

export type { MarketSnapshot } from './market-snapshot.ts';

export interface MarketLogger {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

export interface RefreshResult {
  ok: boolean;
  source: MarketSource;
  coins: number;
  error?: string;
}

/** Runs inside the demo-to-live switch's transaction: a failure leaves the server in demo mode. */
export type SwitchToLiveListener = (tx: Db) => Promise<void>;

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
  // What other modules learnt from demo prices and must forget in the switch's own transaction.
  const inSwitch: SwitchToLiveListener[] = [];
  let current: MarketSnapshot | null = null;
  let generation = 0;
  let lastRefreshFailed = false;
  /** Demo until the first complete live answer; then live for good. */
  let mode: MarketMode = providerMode(deps.provider);
  let modeLoaded: Promise<void> | null = null;
  const switchListeners: Array<() => void> = [];
  /** Failure kinds already logged since the last success: an outage logs once per kind. */
  const loggedFailures = new Set<string>();
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

  /** Reads the persisted mode once; a server that has been live never goes back to demo. */
  function loadMode(): Promise<void> {
    modeLoaded ??= (async () => {
      if (mode === 'live' || !deps.provider.goLive) return;
      const entries = await readCacheEntries(deps.db, [marketModeKey]);
      if (!entries.has(marketModeKey)) {
        // Real rows without the mode row: this server was live before the row existed (or ran
        // with MARKET_DATA=coingecko). It is live: its last real copy is served (stale while the
        // provider is down), never the snapshot; the row is written now, as at a switch.
        const real = await findRealMarketRow(deps.db);
        if (real === null) return;
        await deps.db.transaction(async (tx) => {
          await purgeDemoRows(tx);
          await writeCacheEntry(tx, marketModeKey, {
            ...real,
            payload: { mode: 'live', since: real.fetchedAt.toISOString(), recorded: 'existing live data' },
          });
        });
        adoptLive();
        return;
      }
      // Demo rows left from a period with MARKET_DATA=snapshot are not read again; drop them.
      await deps.db.transaction((tx) => purgeDemoRows(tx));
      adoptLive();
    })().catch((error: unknown) => {
      modeLoaded = null;
      throw error;
    });
    return modeLoaded;
  }

  function adoptLive(): void {
    deps.provider.goLive?.();
    mode = 'live';
    current = null;
    generation += 1;
    converted.clear();
    for (const listener of switchListeners) listener();
  }

  function fetchOptions() {
    return {
      clock: deps.clock,
      previous: current,
      enrichLive: deps.enrichLive,
      keptPrevious: (what: string, error: unknown) =>
        deps.logger?.warn({ err: errorText(error), what }, 'market refresh kept the previous copy'),
    };
  }

  /**
   * Demo -> live in one step: every demo row goes (candles, cache entries, alert states learnt
   * from demo prices), the live copy and
   * the mode row are written in the same transaction, then memory follows. A crash halfway
   * leaves the server in demo mode with its demo rows, never a mix.
   */
  async function switchToLive(next: MarketSnapshot): Promise<void> {
    const purged = await deps.db.transaction(async (tx) => {
      const removed = await purgeDemoRows(tx);
      for (const listener of inSwitch) await listener(tx);
      await writeMarketCopy(tx, next);
      await writeCacheEntry(tx, marketModeKey, {
        source: next.source,
        fetchedAt: next.fetchedAt,
        payload: { mode: 'live', since: next.fetchedAt.toISOString() },
      });
      return removed;
    });
    adoptLive();
    install(next);
    deps.logger?.info({ ...purged, source: next.source }, 'market data is live; demo rows removed');
  }

  function logFailure(error: unknown, message: string): void {
    const kind = isUpstreamError(error) ? error.kind : 'error';
    if (loggedFailures.has(kind)) return;
    loggedFailures.add(kind);
    deps.logger?.warn({ err: errorText(error), kind }, message);
  }

  /** Demo mode with a real provider configured: try it; a complete answer switches to live. */
  async function probeLive(): Promise<boolean> {
    const live = mode === 'demo' ? (deps.provider.liveProvider?.() ?? null) : null;
    if (!live) return false;
    let next: MarketSnapshot;
    try {
      next = await fetchMarket(live, fetchOptions());
    } catch (error) {
      logFailure(error, 'live market data unreachable; staying in demo mode');
      return false;
    }
    await switchToLive(next);
    return true;
  }

  async function refresh(): Promise<RefreshResult> {
    if (refreshing) return refreshing;
    refreshing = (async (): Promise<RefreshResult> => {
      try {
        await loadMode();
        if (!(await probeLive())) {
          const next = await fetchMarket(deps.provider, fetchOptions());
          install(next);
          await writeMarketCopy(deps.db, next).catch((error: unknown) =>
            deps.logger?.warn({ err: errorText(error) }, 'market cache write failed'),
          );
        }
        lastRefreshFailed = false;
        loggedFailures.clear();
        return { ok: true, source: describe(), coins: current?.coins.length ?? 0 };
      } catch (error) {
        // Upstream is down, slow or talking nonsense: keep serving the last real copy, marked stale.
        lastRefreshFailed = true;
        logFailure(error, 'market refresh failed; serving the cached copy');
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
      await loadMode();
      const cached = await readMarketCopy(deps.db, mode);
      if (cached) {
        install(cached);
        // Fallback prices over the copy mean the primary was failing when it was stored.
        if (cached.overlaidAt !== undefined) lastRefreshFailed = true;
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
      return { ...p, mode, stale: p.stale || lastRefreshFailed };
    }
    const age = deps.clock().getTime() - current.fetchedAt.getTime();
    // Demo prices are simulated from the clock, so they are never "old"; a real copy is.
    const stale = mode === 'live' && (lastRefreshFailed || age > deps.staleAfterMs);
    return {
      source: current.source,
      mode,
      as_of: mode === 'live' ? current.fetchedAt.toISOString() : current.asOf,
      stale,
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

  /**
   * A second real provider's current prices laid over the last live copy while the primary
   * fails (Binance answering for CoinGecko): each replaced price names its source and time;
   * every other field stays the primary's last figure, and the copy stays labelled stale.
   * Stored beside the copy (source, fetched_at) so followers and a restart serve the same prices;
   * the next complete primary copy replaces it.
   */
  async function overlayPrices(
    prices: ReadonlyMap<string, number>,
    source: MarketSourceId,
    at: Date,
  ): Promise<number> {
    if (mode !== 'live' || !current || prices.size === 0 || source === 'demo') return 0;
    const basis = current;
    const { snapshot, applied } = withPrices(basis, prices, source, at);
    if (applied.size === 0) return 0;
    install(snapshot);
    await writePriceOverlay(deps.db, basis, applied, source, at).catch((error: unknown) =>
      deps.logger?.warn({ err: errorText(error) }, 'fallback prices kept in memory only'),
    );
    return applied.size;
  }

  /** Another process refreshed (a `buffers` event): adopt its copy when it is newer. */
  async function reloadIfNewer(): Promise<boolean> {
    if (mode === 'demo' && deps.provider.goLive) {
      // The leader may have switched to live: follow it before reading its copy.
      const entries = await readCacheEntries(deps.db, [marketModeKey]);
      if (entries.has(marketModeKey)) adoptLive();
    }
    const at = await readMarketCopyTime(deps.db);
    if (!at) return false;
    const newerCopy = !current || at.getTime() > current.fetchedAt.getTime();
    // Same copy, but the leader laid a second provider's newer prices over it.
    const overlayAt = newerCopy || !current ? null : await readPriceOverlayTime(deps.db);
    const newerOverlay =
      current !== null &&
      at.getTime() === current.fetchedAt.getTime() &&
      overlayAt !== null &&
      overlayAt.getTime() > (current.overlaidAt?.getTime() ?? Number.NEGATIVE_INFINITY);
    if (!newerCopy && !newerOverlay) return false;
    const cached = await readMarketCopy(deps.db, mode);
    if (!cached) return false;
    install(cached);
    // Prices from a second provider exist only while the primary fails: the copy is stale then.
    lastRefreshFailed = cached.overlaidAt !== undefined;
    return true;
  }

  return {
    ready,
    refresh,
    reloadIfNewer,
    describe,
    mode: () => mode,
    /** Called after the switch from demo to live, to drop anything derived from demo data. */
    onSwitchToLive: (listener: () => void) => {
      switchListeners.push(listener);
    },
    /** Joins the switch's transaction, to forget stored state learnt from demo prices with it. */
    inSwitchToLive: (listener: SwitchToLiveListener) => {
      inSwitch.push(listener);
    },
    /** The live copy's fetch time (null in demo mode or before any data), for the health check. */
    liveFetchedAt: () => (mode === 'live' && current ? current.fetchedAt : null),
    usdFactor,
    inCurrency,
    overlayPrices,
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
