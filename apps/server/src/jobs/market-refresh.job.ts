import type { EventBus } from '../events/event-bus.ts';
import type { MarketService } from '../modules/market/market.service.ts';
import type { Job, SchedulerLogger } from './scheduler.ts';

/**
 * MARKET_REFRESH_SECONDS: refills the market cache (tables and memory) from the provider,
 * tops up daily candles within the rate budget, then publishes `buffers` so clients refetch
 * and the alert engine runs. A failed refresh still publishes nothing new: the cache stays
 * and is labelled stale.
 */
export function marketRefreshJob(deps: {
  market: MarketService;
  bus: EventBus;
  intervalMs: number;
  logger: SchedulerLogger;
  now?: () => Date;
}): Job {
  return {
    name: 'market-refresh',
    intervalMs: deps.intervalMs,
    runAtStart: true,
    async run() {
      const result = await deps.market.refresh();
      if (!result.ok) {
        deps.logger.error(
          { job: 'market-refresh', error: result.error },
          'market refresh failed; serving cache',
        );
        return;
      }
      await deps.bus.publish({ type: 'buffers', at: (deps.now?.() ?? new Date()).toISOString() });
    },
  };
}
