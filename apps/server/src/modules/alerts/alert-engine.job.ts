import type { LeaderLock } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { SchedulerLogger } from '../../jobs/scheduler.ts';
import type { AlertEngine } from './alert-engine.ts';

export interface AlertEngineRunner {
  /** Resolves once no tick is running or queued. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the alert engine after each market refresh: it listens for `buffers` on the bus and
 * ticks only where this process holds the job leader lock, so with several processes on one
 * PostgreSQL exactly one evaluates (the leader also runs the refresher that published the
 * event). Refreshes that arrive mid-tick coalesce into one more tick, never a queue.
 */
export function runAlertEngineOnRefresh(options: {
  bus: EventBus;
  engine: AlertEngine;
  leaderLock: LeaderLock;
  logger: SchedulerLogger;
}): AlertEngineRunner {
  let running: Promise<void> | null = null;
  let pending = false;
  let stopped = false;

  async function loop(): Promise<void> {
    while (pending && !stopped) {
      pending = false;
      try {
        if (!(await options.leaderLock.tryAcquire())) continue;
        const result = await options.engine.tick();
        if (result.fired > 0) options.logger.info({ job: 'alert-engine', ...result }, 'alerts fired');
      } catch (error) {
        options.logger.error({ err: error, job: 'alert-engine' }, 'job failed');
      }
    }
  }

  function kick(): void {
    if (running) return;
    running = loop().finally(() => {
      running = null;
      // An event that landed after the loop's last check still gets its tick.
      if (pending && !stopped) kick();
    });
  }

  const unsubscribe = options.bus.subscribe((event) => {
    if (event.type !== 'buffers' || stopped) return;
    pending = true;
    kick();
  });

  return {
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      await this.idle();
    },
  };
}
