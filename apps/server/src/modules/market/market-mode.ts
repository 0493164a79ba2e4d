import type { MarketMode } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { type MarketDataProvider, providerMode } from '../../integrations/market-data/index.ts';
import {
  findRealMarketRow,
  marketModeKey,
  purgeDemoRows,
  readCacheEntries,
  writeCacheEntry,
} from './market-cache.repository.ts';
import { writeMarketCopy } from './market-copy-store.ts';
import type { MarketLogger } from './market-logging.ts';
import type { MarketMemory } from './market-memory.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

/** Runs inside the demo-to-live switch's transaction: a failure leaves the server in demo mode. */
export type SwitchToLiveListener = (tx: Db) => Promise<void>;

/**
 * Demo or live, and the one-way switch between them: the mode is read from the market_cache
 * table once, and the switch rewrites the tables and memory together, telling every listener.
 */
export function createMarketMode(deps: {
  db: Db;
  provider: MarketDataProvider;
  logger?: MarketLogger | undefined;
  memory: Pick<MarketMemory, 'install' | 'forget'>;
}) {
  // What other modules learnt from demo prices and must forget in the switch's own transaction.
  const inSwitch: SwitchToLiveListener[] = [];
  /** Demo until the first complete live answer; then live for good. */
  let mode: MarketMode = providerMode(deps.provider);
  let modeLoaded: Promise<void> | null = null;
  const switchListeners: Array<() => void> = [];

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

  /** Live from now on in memory; the demo copy goes, and so does what listeners derived from it. */
  function adoptLive(): void {
    deps.provider.goLive?.();
    mode = 'live';
    deps.memory.forget();
    for (const listener of switchListeners) listener();
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
    deps.memory.install(next);
    deps.logger?.info({ ...purged, source: next.source }, 'market data is live; demo rows removed');
  }

  return {
    mode: (): MarketMode => mode,
    loadMode,
    adoptLive,
    switchToLive,
    onSwitchToLive: (listener: () => void): void => {
      switchListeners.push(listener);
    },
    inSwitchToLive: (listener: SwitchToLiveListener): void => {
      inSwitch.push(listener);
    },
  };
}

export type MarketModeSwitch = ReturnType<typeof createMarketMode>;
