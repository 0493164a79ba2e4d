import type { CoinMarket, MarketSource } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isUpstreamError, type MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { fetchMarket } from './fetch-market.ts';
import { writeMarketCopy } from './market-copy-store.ts';
import { errorText, type MarketLogger } from './market-logging.ts';
import type { MarketMemory } from './market-memory.ts';
import type { MarketModeSwitch } from './market-mode.ts';
import type { MarketSnapshot } from './market-snapshot.ts';
import type { MarketSourceStatus } from './market-source.ts';

export interface RefreshResult {
  ok: boolean;
  source: MarketSource;
  coins: number;
  error?: string;
}

/**
 * The only part that talks to the provider: one refresh at a time, a new copy into memory and
 * the market_cache table, or on failure the last copy kept and marked stale.
 */
export function createMarketRefresh(deps: {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger | undefined;
  enrichLive?: ((coins: readonly CoinMarket[]) => Promise<CoinMarket[]>) | undefined;
  memory: Pick<MarketMemory, 'peek' | 'install'>;
  modes: Pick<MarketModeSwitch, 'mode' | 'loadMode' | 'switchToLive'>;
  source: Pick<MarketSourceStatus, 'describe' | 'setRefreshFailed'>;
}) {
  /** Failure kinds already logged since the last success: an outage logs once per kind. */
  const loggedFailures = new Set<string>();
  let refreshing: Promise<RefreshResult> | null = null;

  function fetchOptions() {
    return {
      clock: deps.clock,
      previous: deps.memory.peek(),
      enrichLive: deps.enrichLive,
      keptPrevious: (what: string, error: unknown) =>
        deps.logger?.warn({ err: errorText(error), what }, 'market refresh kept the previous copy'),
    };
  }

  function logFailure(error: unknown, message: string): void {
    const kind = isUpstreamError(error) ? error.kind : 'error';
    if (loggedFailures.has(kind)) return;
    loggedFailures.add(kind);
    deps.logger?.warn({ err: errorText(error), kind }, message);
  }

  /** Demo mode with a real provider configured: try it; a complete answer switches to live. */
  async function probeLive(): Promise<boolean> {
    const live = deps.modes.mode() === 'demo' ? (deps.provider.liveProvider?.() ?? null) : null;
    if (!live) return false;
    let next: MarketSnapshot;
    try {
      next = await fetchMarket(live, fetchOptions());
    } catch (error) {
      logFailure(error, 'live market data unreachable; staying in demo mode');
      return false;
    }
    await deps.modes.switchToLive(next);
    return true;
  }

  async function refresh(): Promise<RefreshResult> {
    if (refreshing) return refreshing;
    refreshing = (async (): Promise<RefreshResult> => {
      try {
        await deps.modes.loadMode();
        if (!(await probeLive())) {
          const next = await fetchMarket(deps.provider, fetchOptions());
          deps.memory.install(next);
          await writeMarketCopy(deps.db, next).catch((error: unknown) =>
            deps.logger?.warn({ err: errorText(error) }, 'market cache write failed'),
          );
        }
        deps.source.setRefreshFailed(false);
        loggedFailures.clear();
        return { ok: true, source: deps.source.describe(), coins: deps.memory.peek()?.coins.length ?? 0 };
      } catch (error) {
        // Upstream is down, slow or talking nonsense: keep serving the last real copy, marked stale.
        deps.source.setRefreshFailed(true);
        logFailure(error, 'market refresh failed; serving the cached copy');
        return {
          ok: false,
          source: deps.source.describe(),
          coins: deps.memory.peek()?.coins.length ?? 0,
          error: errorText(error),
        };
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return { refresh };
}
