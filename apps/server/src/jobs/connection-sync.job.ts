import type { ConnectionSync, SyncRunner } from '../modules/connections/index.ts';
import type { JobQueue, JobQueueLogger } from './queue/index.ts';

export const connectionSyncQueue = 'connection-sync';
export const connectionSyncDueQueue = 'connection-sync-due';

export interface ConnectionSyncJobOptions {
  /** How often the due connections are looked for (every process may, one does per period). */
  dueEverySeconds?: number;
  /** Syncs one process runs at once; the explorers' request budgets are shared by all of them. */
  concurrency?: number;
  /** Connections enqueued per look; the rest are found on the next one. */
  dueBatch?: number;
  /**
   * How long one attempt may hold a connection. A sync reads only what is new since its cursor,
   * but a first read of a large wallet at a few requests a second takes minutes.
   */
  leaseSeconds?: number;
  /** The first retry after a fault of ours (it doubles after each); tests shorten it. */
  retryDelaySeconds?: number;
  pollMs?: number;
  logger?: JobQueueLogger;
}

/**
 * Wallet syncs on the durable job queue: one job per connection, keyed by its id, so two server
 * processes never sync one connection at once and a burst of "sync now" is one sync. A sync
 * records an explorer's failure on its connection and completes (the connection's next try is
 * its own backoff); a fault of ours fails the attempt and the queue retries it with backoff.
 * A process killed mid-sync leaves its job active: on PostgreSQL another process runs it again
 * once its lease ends; on PGlite, whose folder one process owns, the restarted server hands it
 * back at start (releaseRunningOnStart). The cursor was saved only with the rows, so nothing
 * doubles.
 * Call before the queue starts.
 */
export function registerConnectionSyncJobs(
  queue: JobQueue,
  sync: Pick<ConnectionSync, 'run' | 'dueConnections'>,
  options: ConnectionSyncJobOptions = {},
): SyncRunner {
  const leaseSeconds = options.leaseSeconds ?? 30 * 60;
  queue.define(connectionSyncQueue, {
    retryLimit: 3,
    retryDelaySeconds: options.retryDelaySeconds ?? 60,
    backoff: true,
    leaseSeconds,
  });
  queue.define(connectionSyncDueQueue, { retryLimit: 1, retryDelaySeconds: 30, leaseSeconds: 5 * 60 });
  queue.schedule(connectionSyncDueQueue, options.dueEverySeconds ?? 120);

  const enqueue = (connectionId: string) =>
    queue.enqueue(connectionSyncQueue, { connectionId }, { key: connectionId });

  const work = { ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) };
  queue.work(
    connectionSyncQueue,
    async (job) => {
      await sync.run(String(job.data.connectionId), { signal: job.signal });
    },
    { concurrency: options.concurrency ?? 2, ...work },
  );
  queue.work(
    connectionSyncDueQueue,
    async () => {
      const due = await sync.dueConnections(options.dueBatch ?? 500);
      for (const id of due) await enqueue(id);
      if (due.length > 0)
        options.logger?.info?.({ queue: connectionSyncDueQueue, due: due.length }, 'connection syncs due');
    },
    work,
  );

  return {
    async request(connectionId) {
      const current = await queue.getJobByKey(connectionSyncQueue, connectionId);
      if (current?.state === 'active') return 'running';
      await enqueue(connectionId);
      return 'queued';
    },
  };
}
