import type { QueueCounts } from '../modules/health/index.ts';
import type { JobHealth } from '../modules/instance/index.ts';
import type { JobQueue } from './queue/index.ts';

/** The named queues' jobs summed: what waits or runs, and what failed for good and is kept. */
export function jobHealth(queue: JobQueue, names: readonly string[]): JobHealth {
  return {
    async counts() {
      const all = await Promise.all(names.map((name) => queue.counts(name)));
      return {
        queued: all.reduce((n, c) => n + c.queued + c.retry + c.active, 0),
        failed: all.reduce((n, c) => n + c.failed, 0),
      };
    },
  };
}

/** Each named queue's jobs by state, for the operator's metrics. */
export function queueCounts(queue: JobQueue, names: readonly string[]): QueueCounts {
  return async () => {
    // A queue this process does not define (backups turned off) is left out, not an error.
    const counts = await Promise.all(
      names.map((name) =>
        queue.counts(name).then(
          (c) => [[name, c] as const],
          () => [],
        ),
      ),
    );
    return Object.fromEntries(counts.flat());
  };
}
