import type { Db } from '../../db/client.ts';
import type { MarketDataProvider } from '../../integrations/market-data/index.ts';
import { marketModeKey, readCacheEntries } from './market-cache.repository.ts';
import { readMarketCopy, readMarketCopyTime, readPriceOverlayTime } from './market-copy-store.ts';
import type { MarketMemory } from './market-memory.ts';
import type { MarketModeSwitch } from './market-mode.ts';
import type { RefreshResult } from './market-refresh.ts';
import type { MarketSnapshot } from './market-snapshot.ts';
import type { MarketSourceStatus } from './market-source.ts';

export class MarketUnavailableError extends Error {
  constructor(reason: string) {
    super(`Market data is unavailable: ${reason}`);
    this.name = 'MarketUnavailableError';
  }
}

/**
 * The copy stored in the market_cache table brought into memory: at a cold start, so a restart
 * serves the last good copy at once, and whenever another process has stored a newer one.
 */
export function createMarketCopyLoader(deps: {
  db: Db;
  provider: MarketDataProvider;
  memory: Pick<MarketMemory, 'peek' | 'install'>;
  modes: Pick<MarketModeSwitch, 'mode' | 'loadMode' | 'adoptLive'>;
  source: Pick<MarketSourceStatus, 'setRefreshFailed'>;
  refresh: () => Promise<RefreshResult>;
}) {
  let loading: Promise<MarketSnapshot> | null = null;

  /** The current copy; on a cold start the DB cache, else one awaited refresh. */
  async function ready(): Promise<MarketSnapshot> {
    const current = deps.memory.peek();
    if (current) return current;
    loading ??= (async () => {
      await deps.modes.loadMode();
      const cached = await readMarketCopy(deps.db, deps.modes.mode());
      if (cached) {
        deps.memory.install(cached);
        // Fallback prices over the copy mean the primary was failing when it was stored.
        if (cached.overlaidAt !== undefined) deps.source.setRefreshFailed(true);
        return cached;
      }
      const result = await deps.refresh();
      const fetched = deps.memory.peek();
      if (!fetched) throw new MarketUnavailableError(result.error ?? 'no market data');
      return fetched;
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  /** Another process refreshed (a `buffers` event): adopt its copy when it is newer. */
  async function reloadIfNewer(): Promise<boolean> {
    if (deps.modes.mode() === 'demo' && deps.provider.goLive) {
      // The leader may have switched to live: follow it before reading its copy.
      const entries = await readCacheEntries(deps.db, [marketModeKey]);
      if (entries.has(marketModeKey)) deps.modes.adoptLive();
    }
    const at = await readMarketCopyTime(deps.db);
    if (!at) return false;
    const before = deps.memory.peek();
    const newerCopy = !before || at.getTime() > before.fetchedAt.getTime();
    // Same copy, but the leader laid a second provider's newer prices over it.
    const overlayAt = newerCopy || !before ? null : await readPriceOverlayTime(deps.db);
    // Looked up again: this process may have installed a copy of its own while the row was read.
    const current = deps.memory.peek();
    const newerOverlay =
      current !== null &&
      at.getTime() === current.fetchedAt.getTime() &&
      overlayAt !== null &&
      overlayAt.getTime() > (current.overlaidAt?.getTime() ?? Number.NEGATIVE_INFINITY);
    if (!newerCopy && !newerOverlay) return false;
    const cached = await readMarketCopy(deps.db, deps.modes.mode());
    if (!cached) return false;
    deps.memory.install(cached);
    // Prices from a second provider exist only while the primary fails: the copy is stale then.
    deps.source.setRefreshFailed(cached.overlaidAt !== undefined);
    return true;
  }

  return { ready, reloadIfNewer };
}
