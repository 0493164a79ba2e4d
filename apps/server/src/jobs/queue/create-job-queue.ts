import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { findNewestJob, findOpenJob, hastenJob, lockKey, releaseRunningJobs } from './boss-tables.ts';
import { emptyCounts, toCounts, toSnapshot } from './job-snapshot.ts';
import { runnerFor } from './runner-for.ts';
import type { ClosableRunner } from './sql-runner.ts';
import type {
  EnqueueOptions,
  EnqueueResult,
  JobData,
  JobHandler,
  JobQueue,
  JobQueueLogger,
  JobSnapshot,
  QueueDefinition,
  WorkOptions,
} from './types.ts';
import { createWorkerLoop, type WorkerLoop } from './worker-loop.ts';

export interface CreateJobQueueOptions {
  /** The server's database: PGlite in this process, or PostgreSQL shared with other processes. */
  database: Database;
  logger?: JobQueueLogger;
  /** Default for work(): how often an idle worker asks for due jobs. */
  pollMs?: number;
  /** How often expired leases are failed and old jobs archived (one process does it per interval). */
  maintenanceSeconds?: number;
  /** How often schedules look whether their period has a job yet. */
  scheduleCheckMs?: number;
  /** Logs every queue's counts this often; off when unset. */
  monitorSeconds?: number;
  /**
   * At start, hand every job still marked running back to the queue at once. Only for a database
   * this process alone uses (a PGlite folder, which one process owns): whatever ran there before
   * ran in a process that is gone, so its lease need not be waited out. On a shared PostgreSQL
   * another process may be running those jobs right now; leases decide there.
   */
  releaseRunningOnStart?: boolean;
}

const defaults: Required<QueueDefinition> = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  backoff: true,
  leaseSeconds: 15 * 60,
};

/** The key a schedule's jobs carry, so a period's job and a late previous one never overlap. */
const scheduleKey = '(schedule)';

/** pg-boss keeps finished jobs this long before archiving them (its default). */
const archiveAfterSeconds = 12 * 60 * 60;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Part of pg-boss 10's API (it feeds the monitor-states event) but missing from its type declarations. */
interface CountsStates {
  countStates(): Promise<PgBoss.MonitorStates>;
}

const isDeadlock = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';

/**
 * Processes starting together create the same queue at once. pg-boss creates a queue's table and
 * its foreign key to the queue list in one statement, and two of them lock those in opposite
 * orders, so PostgreSQL aborts one as a deadlock (seen with two instances here). The survivor
 * has created the queue, so the retry finds it there.
 */
async function retryOnDeadlock(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await create();
      return;
    } catch (error) {
      if (!isDeadlock(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

interface Started {
  boss: PgBoss & CountsStates;
  runner: ClosableRunner;
}

/**
 * The server's one durable job system, on pg-boss over the server's own database, PGlite or
 * PostgreSQL. Times (runAt, backoff, leases) are the database's, which every process shares, so
 * no clock is injected: tests use short leases and polls instead.
 */
export function createJobQueue(options: CreateJobQueueOptions): JobQueue {
  const { logger } = options;
  const definitions = new Map<string, Required<QueueDefinition>>();
  const schedules = new Map<string, { everySeconds: number; data: JobData }>();
  const workers = new Map<string, { handler: JobHandler; options: WorkOptions }>();
  const loops = new Map<string, WorkerLoop>();
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';
  let started: Started | undefined;
  let scheduleTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const assertDefined = (name: string): void => {
    if (!definitions.has(name)) throw new Error(`job queue "${name}" is not defined`);
  };
  const assertNew = (what: string): void => {
    if (state !== 'new') throw new Error(`${what} must come before the job queue starts`);
  };
  const live = (): Started => {
    if (state !== 'started' || !started) throw new Error('the job queue is not running');
    return started;
  };

  function startLoop(name: string): void {
    const worker = workers.get(name);
    if (!worker || !started || loops.has(name)) return;
    const loop = createWorkerLoop({
      boss: started.boss,
      runner: started.runner,
      name,
      handler: worker.handler,
      concurrency: worker.options.concurrency ?? 1,
      pollMs: worker.options.pollMs ?? options.pollMs ?? 2_000,
      ...(logger ? { logger } : {}),
    });
    loops.set(name, loop);
    loop.start();
  }

  /**
   * One job per key: the key's advisory lock orders concurrent enqueues, and a key that already
   * has a queued, retrying or running job gets that job back (a waiting one brought forward).
   * pg-boss's stately policy alone allows one queued beside one running job, and such a queued
   * job, once first in line, makes every fetch of the queue fail on the policy's unique index
   * until the running one ends: one slow connection would hold up every other connection's sync.
   */
  async function enqueueKeyed(
    name: string,
    data: JobData,
    enqueue: EnqueueOptions,
    periodSeconds?: number,
  ): Promise<EnqueueResult | null> {
    const { boss, runner } = live();
    assertDefined(name);
    const result = await runner.transaction(async (tx): Promise<EnqueueResult | null> => {
      await lockKey(tx, name, enqueue.key);
      const open = await findOpenJob(tx, name, enqueue.key);
      if (open) {
        await hastenJob(tx, name, open, enqueue.runAt);
        return { id: open, created: false };
      }
      const id = await boss.send(name, data, {
        singletonKey: enqueue.key,
        ...(enqueue.runAt ? { startAfter: enqueue.runAt } : {}),
        ...(enqueue.retryLimit !== undefined ? { retryLimit: enqueue.retryLimit } : {}),
        // A schedule's period is pg-boss's throttle slot: one job per slot, whoever sends it.
        ...(periodSeconds ? { singletonSeconds: periodSeconds } : {}),
        db: tx,
      });
      return id ? { id, created: true } : null;
    });
    // Due now, or brought forward: this process's worker need not wait for its next poll.
    if (result) loops.get(name)?.wake();
    return result;
  }

  async function getJob(name: string, id: string): Promise<JobSnapshot | null> {
    const { boss } = live();
    // Ids may come from a request; a malformed one is no job rather than a database error.
    if (!uuidPattern.test(id)) return null;
    const job = await boss.getJobById<JobData>(name, id, { includeArchive: true });
    return job ? toSnapshot(job) : null;
  }

  async function tick(): Promise<void> {
    for (const [name, schedule] of schedules) {
      try {
        const result = await enqueueKeyed(name, schedule.data, { key: scheduleKey }, schedule.everySeconds);
        if (result?.created) logger?.info?.({ queue: name, job: result.id }, 'scheduled job enqueued');
      } catch (error) {
        logger?.error({ queue: name, err: error }, 'scheduled enqueue failed');
      }
    }
  }

  function checkSchedules(): void {
    if (state !== 'started' || ticking) return;
    ticking = tick().finally(() => {
      ticking = undefined;
    });
  }

  async function createBoss(runner: ClosableRunner): Promise<PgBoss> {
    const longestPeriod = Math.max(0, ...[...schedules.values()].map((s) => s.everySeconds));
    const boss = new PgBoss({
      db: runner,
      // Schedules are this queue's own (tick above): pg-boss's cron runs a worker of its own,
      // polling every few seconds, whose last fetch stop() does not wait for.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      // A schedule's slot lives in the job table: finished jobs must stay there a full period.
      archiveCompletedAfterSeconds: Math.max(archiveAfterSeconds, longestPeriod),
      ...(options.monitorSeconds ? { monitorStateIntervalSeconds: options.monitorSeconds } : {}),
    });
    boss.on('error', (error) => logger?.error({ err: error }, 'job queue maintenance failed'));
    boss.on('monitor-states', (states) => logger?.info?.({ queues: states.queues }, 'job queue counts'));
    await boss.start();
    for (const [name, definition] of definitions) {
      const queue: PgBoss.Queue = {
        name,
        // At most one running job per key, enforced by a unique index (see enqueueKeyed).
        policy: 'stately',
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.backoff,
        expireInSeconds: definition.leaseSeconds,
      };
      await retryOnDeadlock(() => boss.createQueue(name, queue));
      // createQueue keeps an existing queue as it was; a changed definition applies from now on.
      await boss.updateQueue(name, queue);
    }
    if (options.releaseRunningOnStart) {
      const released = await releaseRunningJobs(runner);
      if (released > 0) logger?.info?.({ released }, 'jobs left running by the last process queued again');
    }
    return boss;
  }

  return {
    define(name, definition = {}) {
      assertNew('define()');
      definitions.set(name, { ...defaults, ...definition });
    },

    schedule(name, everySeconds, data = {}) {
      assertNew('schedule()');
      assertDefined(name);
      if (!Number.isInteger(everySeconds) || everySeconds < 1)
        throw new Error('everySeconds must be a whole number ≥ 1');
      schedules.set(name, { everySeconds, data });
    },

    work(name, handler, workOptions = {}) {
      assertDefined(name);
      if (workers.has(name)) throw new Error(`job queue "${name}" already has a worker`);
      workers.set(name, { handler, options: workOptions });
      if (state === 'started') startLoop(name);
    },

    async start() {
      assertNew('start()');
      state = 'starting';
      const runner = runnerFor(options.database);
      try {
        started = { boss: (await createBoss(runner)) as PgBoss & CountsStates, runner };
      } catch (error) {
        state = 'stopped';
        await runner.close();
        throw error;
      }
      state = 'started';
      for (const name of workers.keys()) startLoop(name);
      if (schedules.size > 0) {
        scheduleTimer = setInterval(checkSchedules, options.scheduleCheckMs ?? 60_000);
        scheduleTimer.unref();
        checkSchedules();
      }
    },

    async stop(stopOptions = {}) {
      if (state !== 'started' || !started) {
        if (state === 'new') state = 'stopped';
        return;
      }
      state = 'stopping';
      if (scheduleTimer) clearInterval(scheduleTimer);
      await ticking;
      const graceMs = stopOptions.graceMs ?? 10_000;
      await Promise.all([...loops.values()].map((loop) => loop.stop(graceMs)));
      // Not graceful: pg-boss would wait for its own work() handlers, and there are none.
      // This clears its maintenance and monitoring intervals, which keep the process alive.
      await started.boss.stop({ graceful: false, close: false });
      await started.runner.close();
      state = 'stopped';
    },

    async enqueue(name, data, enqueue) {
      const result = await enqueueKeyed(name, data, enqueue);
      if (result) return result;
      // pg-boss refused the row without our lookup seeing why (a concurrent insert on another
      // path); the key's open job is the answer.
      const { runner } = live();
      const open = await findOpenJob(runner, name, enqueue.key);
      if (!open) throw new Error(`job queue "${name}" refused a job for key ${enqueue.key}`);
      return { id: open, created: false };
    },

    getJob,

    async getJobByKey(name, key) {
      const { runner } = live();
      const id = await findNewestJob(runner, name, key);
      return id ? getJob(name, id) : null;
    },

    async counts(name) {
      const { boss } = live();
      const states = await boss.countStates();
      return states.queues[name] ? toCounts(states.queues[name]) : emptyCounts();
    },
  };
}
