import type { EventBus } from '../events/event-bus.ts';
import type { MarketService } from '../modules/market/index.ts';
import type { Job, SchedulerLogger } from './scheduler.ts';

/**
 * MARKET_REFRESH_SECONDS: refills the market cache (tables and memory) from the provider,
 * tops up daily candles within the rate budget, then publishes `buffers` so clients refetch
 * and the alert engine runs. A failed refresh publishes nothing new: the cache stays and is
 * labelled stale, and `onFailure` lets the alert engine record that it skipped.
 */
export function marketRefreshJob(deps: {
  market: MarketService;
  bus: EventBus;
  intervalMs: number;
  logger: SchedulerLogger;
  now?: () => Date;
  /** Runs after a failed refresh: the alert engine records that it skips the stale copy. */
  onFailure?: () => Promise<unknown>;
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
        await deps
          .onFailure?.()
          .catch((error: unknown) =>
            deps.logger.error({ job: 'market-refresh', err: error }, 'after-failure step failed'),
          );
        // A second provider's prices were stored over the stale copy: followers and browsers
        // pick them up as after any refresh (the copy stays labelled stale).
        if (result.fallbackPrices > 0)
          await deps.bus.publish({ type: 'buffers', at: (deps.now?.() ?? new Date()).toISOString() });
        return;
      }
      await deps.bus.publish({ type: 'buffers', at: (deps.now?.() ?? new Date()).toISOString() });
    },
  };
}
