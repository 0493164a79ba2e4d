import type { LeaderLock } from '../db/client.ts';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
  /** Also run once right after start (after leadership is known). */
  runAtStart?: boolean;
}

export interface SchedulerLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Interval jobs that only the leader runs: every process may start a scheduler, and
 * the database's leader lock (a PostgreSQL advisory lock, or always true for PGlite)
 * decides which one works. Leadership is re-checked before each run, so a standby
 * takes over when the leader goes away.
 */
export function createScheduler(options: {
  jobs: Job[];
  leaderLock: LeaderLock;
  logger: SchedulerLogger;
}): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  let leading = false; // logged once, when this process first holds the leader lock

  async function runJob(job: Job): Promise<void> {
    if (stopped) return;
    try {
      if (!(await options.leaderLock.tryAcquire())) return;
      if (!leading) options.logger.info({ job: job.name }, 'job leader: this process runs the jobs');
      leading = true;
      if (stopped) return;
      await job.run();
    } catch (error) {
      options.logger.error({ err: error, job: job.name }, 'job failed');
    }
  }

  function trigger(job: Job): void {
    const run = runJob(job).finally(() => running.delete(run));
    running.add(run);
  }

  return {
    start() {
      for (const job of options.jobs) {
        const timer = setInterval(() => trigger(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
        if (job.runAtStart) trigger(job);
      }
      options.logger.info({ jobs: options.jobs.map((j) => j.name) }, 'scheduler started');
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
      await options.leaderLock.release();
    },
  };
}
