import type { CoinMarket } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMarketCopyLoader } from './market-copy-loader.ts';
import type { MarketLogger } from './market-logging.ts';
import { createMarketMemory, usdFactor } from './market-memory.ts';
import { createMarketMode } from './market-mode.ts';
import { createPriceOverlay } from './market-price-overlay.ts';
import { createMarketRefresh } from './market-refresh.ts';
import { createMarketSource } from './market-source.ts';

export { MarketUnavailableError } from './market-copy-loader.ts';
export { errorText, type MarketLogger } from './market-logging.ts';
export type { SwitchToLiveListener } from './market-mode.ts';
export type { RefreshResult } from './market-refresh.ts';
export type { MarketSnapshot } from './market-snapshot.ts';

/**
 * The market in memory, backed by the market_cache table so a restart serves the last good
 * copy at once. Only `refresh()` talks to the provider; readers never wait on upstream
 * except the very first time, when there is nothing at all to show.
 *
 * Each part has one job: the copy in memory and its conversions, the mode and the switch to
 * live, what the served data says about itself, the refresh, loading stored copies, and the
 * second provider's prices. This function only wires them together.
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
  const memory = createMarketMemory();
  const modes = createMarketMode({ db: deps.db, provider: deps.provider, logger: deps.logger, memory });
  const source = createMarketSource({
    provider: deps.provider,
    clock: deps.clock,
    staleAfterMs: deps.staleAfterMs,
    mode: modes.mode,
    peek: memory.peek,
  });
  const { refresh } = createMarketRefresh({
    db: deps.db,
    provider: deps.provider,
    clock: deps.clock,
    logger: deps.logger,
    enrichLive: deps.enrichLive,
    memory,
    modes,
    source,
  });
  const loader = createMarketCopyLoader({
    db: deps.db,
    provider: deps.provider,
    memory,
    modes,
    source,
    refresh,
  });
  const overlayPrices = createPriceOverlay({ db: deps.db, logger: deps.logger, memory, mode: modes.mode });

  return {
    ready: loader.ready,
    refresh,
    reloadIfNewer: loader.reloadIfNewer,
    describe: source.describe,
    mode: modes.mode,
    /** Called after the switch from demo to live, to drop anything derived from demo data. */
    onSwitchToLive: modes.onSwitchToLive,
    /** Joins the switch's transaction, to forget stored state learnt from demo prices with it. */
    inSwitchToLive: modes.inSwitchToLive,
    /** The live copy's fetch time (null in demo mode or before any data), for the health check. */
    liveFetchedAt: source.liveFetchedAt,
    usdFactor,
    inCurrency: memory.inCurrency,
    overlayPrices,
    peek: memory.peek,
    /** Bumps whenever a new copy of the market is installed; response caches key on it. */
    generation: memory.generation,
  };
}

export type MarketState = ReturnType<typeof createMarketState>;
