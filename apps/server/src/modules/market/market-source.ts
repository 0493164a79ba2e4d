import type { MarketMode, MarketSource } from '@app/contracts';
import type { MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

/**
 * Where the served copy comes from, in which mode, as of when, and whether it is stale: what
 * every market answer and the health check say about their data.
 */
export function createMarketSource(deps: {
  provider: MarketDataProvider;
  clock: Clock;
  /** Data older than this is labelled stale. */
  staleAfterMs: number;
  mode: () => MarketMode;
  peek: () => MarketSnapshot | null;
}) {
  /** A failing primary makes even a young copy stale: its figures may be behind the market. */
  let lastRefreshFailed = false;

  function describe(): MarketSource {
    const current = deps.peek();
    const mode = deps.mode();
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

  return {
    describe,
    /** The live copy's fetch time (null in demo mode or before any data), for the health check. */
    liveFetchedAt: (): Date | null => {
      const current = deps.peek();
      return deps.mode() === 'live' && current ? current.fetchedAt : null;
    },
    setRefreshFailed: (failed: boolean): void => {
      lastRefreshFailed = failed;
    },
  };
}

export type MarketSourceStatus = ReturnType<typeof createMarketSource>;
