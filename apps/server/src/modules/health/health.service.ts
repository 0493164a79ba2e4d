import type { MarketSource, MarketStatus } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { marketStatus } from '../market/index.ts';
import { selectOne } from './health.repository.ts';

/** The health check result is cached for 5 s, so probes cannot load the database. */
export const healthCacheMs = 5_000;
const probeTimeoutMs = 2_000;

export interface HealthService {
  isHealthy(): Promise<boolean>;
  /** The market data's source, mode and age; absent when the app has no market. */
  market(): MarketStatus | null;
}

export function createHealthService(deps: {
  db: Db;
  clock: Clock;
  market?: { describe(): MarketSource };
}): HealthService {
  let cached: { healthy: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;

  async function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health probe timed out')), probeTimeoutMs);
      });
      await Promise.race([selectOne(deps.db), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    market() {
      return deps.market ? marketStatus(deps.market.describe(), deps.clock()) : null;
    },

    async isHealthy() {
      const now = deps.clock().getTime();
      if (cached && now - cached.at < healthCacheMs) return cached.healthy;
      // Concurrent probes share one query.
      inFlight ??= probe().then((healthy) => {
        cached = { healthy, at: deps.clock().getTime() };
        inFlight = undefined;
        return healthy;
      });
      return inFlight;
    },
  };
}
