import { type HealthReadyResponse, healthSlowMs, type MarketSource, type MarketStatus } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { marketStatus } from '../market/index.ts';
import { selectOne } from './health.repository.ts';

/** A good readiness answer is kept for 5 s, so probes cannot load the database. */
export const healthCacheMs = 5_000;
const probeTimeoutMs = 2_000;

export interface HealthService {
  /** Whether the database answers, how fast; failures are never kept past this probe. */
  readiness(): Promise<HealthReadyResponse>;
  /** The market data's source, mode and age; absent when the app has no market. */
  market(): MarketStatus | null;
}

export function createHealthService(deps: {
  db: Db;
  clock: Clock;
  market?: { describe(): MarketSource };
}): HealthService {
  let kept: { answer: HealthReadyResponse; at: number } | undefined;
  let inFlight: Promise<HealthReadyResponse> | undefined;

  async function probe(): Promise<HealthReadyResponse> {
    let timer: NodeJS.Timeout | undefined;
    // Latency is measured on the real clock: the app's clock may be a test's, standing still.
    const started = performance.now();
    const checkedAt = deps.clock().toISOString();
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health probe timed out')), probeTimeoutMs);
      });
      await Promise.race([selectOne(deps.db), timeout]);
      const latency = Math.round(performance.now() - started);
      return { status: latency > healthSlowMs ? 'slow' : 'ok', latency_ms: latency, checked_at: checkedAt };
    } catch {
      return { status: 'down', latency_ms: null, checked_at: checkedAt };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    market() {
      return deps.market ? marketStatus(deps.market.describe(), deps.clock()) : null;
    },

    async readiness() {
      const now = deps.clock().getTime();
      if (kept && now - kept.at < healthCacheMs) return kept.answer;
      // Concurrent probes share one query.
      inFlight ??= probe().then((answer) => {
        kept = answer.status === 'down' ? undefined : { answer, at: deps.clock().getTime() };
        inFlight = undefined;
        return answer;
      });
      return inFlight;
    },
  };
}
