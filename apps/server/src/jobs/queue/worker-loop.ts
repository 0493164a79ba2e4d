import type PgBoss from 'pg-boss';
import { holdsAttempt, saveProgress } from './boss-tables.ts';
import type { SqlRunner } from './sql-runner.ts';
import {
  type JobData,
  type JobHandler,
  JobLostError,
  type JobProgress,
  type JobQueueLogger,
  type RunningJob,
} from './types.ts';

export interface WorkerLoopOptions {
  boss: PgBoss;
  runner: SqlRunner;
  name: string;
  handler: JobHandler;
  concurrency: number;
  pollMs: number;
  logger?: JobQueueLogger;
}

export interface WorkerLoop {
  start(): void;
  /** Looks for due jobs now (an enqueue in this process, a finished job). */
  wake(): void;
  stop(graceMs: number): Promise<void>;
}

interface Attempt {
  job: PgBoss.JobWithMetadata<JobData>;
  controller: AbortController;
  progress: JobProgress | null;
  /** Its outcome is being written; stop() waits for that even after the grace period. */
  recording: boolean;
  /** Given up by stop(): nothing more is written for it, the lease brings the job back. */
  abandoned: boolean;
  done: Promise<void>;
}

/**
 * How long before the lease ends a handler is asked to stop: a tenth of the lease, at most 30 s,
 * so a 15-minute lease stops its handler at 14:30 and a test's 1-second lease at 0.9 s.
 */
const stopBeforeLeaseEnds = (leaseMs: number): number => Math.min(leaseMs * 0.1, 30_000);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One queue's worker in this process. It uses pg-boss's fetch, complete and fail rather than its
 * work(): work() gives a handler no signal (at the lease it fails the job while the handler runs
 * on), fails whatever still runs when stop() gives up waiting, and a worker fetching as stop() is
 * called may still start a job after stop() returned. Here every timer is this loop's, unref'd,
 * and stop() returns only when nothing of the loop runs any more.
 */
export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const { boss, runner, name, logger } = options;
  const attempts = new Set<Attempt>();
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | undefined;
  let again = false;
  let stopping = false;

  async function record(attempt: Attempt, outcome: { ok: true } | { ok: false; error: unknown }) {
    const { job } = attempt;
    attempt.recording = true;
    const output = outcome.ok
      ? { progress: attempt.progress }
      : { progress: attempt.progress, error: messageOf(outcome.error) };
    const held = await runner.transaction(async (tx) => {
      if (!(await holdsAttempt(tx, name, job.id, job.retryCount))) return false;
      if (outcome.ok) await boss.complete(name, job.id, output, { db: tx });
      else await boss.fail(name, job.id, output, { db: tx });
      return true;
    });
    if (!held) {
      logger?.warn(
        { queue: name, job: job.id },
        'job finished after its lease ended; its next attempt decides',
      );
    } else if (!outcome.ok) {
      logger?.warn(
        { queue: name, job: job.id, attempt: job.retryCount + 1, err: outcome.error },
        'job failed',
      );
    }
  }

  async function run(attempt: Attempt): Promise<void> {
    const { job, controller } = attempt;
    const running: RunningJob = {
      id: job.id,
      name,
      key: job.singletonKey ?? '',
      data: job.data ?? {},
      attempt: job.retryCount + 1,
      signal: controller.signal,
      async progress(progress) {
        if (attempt.abandoned || !(await saveProgress(runner, name, job.id, job.retryCount, progress))) {
          const lost = new JobLostError(job.id);
          controller.abort(lost);
          throw lost;
        }
        attempt.progress = progress;
      },
    };
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await options.handler(running);
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (attempt.abandoned) return;
    try {
      await record(attempt, outcome);
    } catch (error) {
      // The job stays active in the database; its lease brings it back.
      logger?.error({ queue: name, job: job.id, err: error }, 'could not record a job’s outcome');
    }
  }

  function launch(job: PgBoss.JobWithMetadata<JobData>): void {
    const controller = new AbortController();
    const attempt: Attempt = {
      job,
      controller,
      progress: null,
      recording: false,
      abandoned: false,
      done: Promise.resolve(),
    };
    const leaseMs = Number(job.expireInSeconds) * 1000;
    // Counted from now, after the database stamped the start, so it ends before the database's lease.
    const deadline = setTimeout(
      () => controller.abort(new Error('the job’s lease is ending')),
      Math.max(0, leaseMs - stopBeforeLeaseEnds(leaseMs)),
    );
    deadline.unref();
    attempts.add(attempt);
    attempt.done = run(attempt).finally(() => {
      clearTimeout(deadline);
      attempts.delete(attempt);
      wake();
    });
  }

  async function fill(): Promise<void> {
    do {
      again = false;
      while (!stopping && attempts.size < options.concurrency) {
        // pg-boss's fetch hands out due jobs with FOR UPDATE SKIP LOCKED, so processes never
        // share one, and marks them active with this attempt's lease.
        const jobs = await boss.fetch<JobData>(name, {
          batchSize: options.concurrency - attempts.size,
          includeMetadata: true,
        });
        if (jobs.length === 0) break;
        for (const job of jobs) launch(job);
      }
    } while (again && !stopping);
  }

  function wake(): void {
    if (stopping) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => logger?.error({ queue: name, err: error }, 'job fetch failed'))
      .finally(() => {
        filling = undefined;
      });
  }

  return {
    start() {
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
    },
    wake,
    async stop(graceMs) {
      stopping = true;
      if (timer) clearInterval(timer);
      await filling;
      for (const attempt of attempts) attempt.controller.abort(new Error('the job queue is stopping'));
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...attempts].map((a) => a.done)), graceOver]);
      clearTimeout(graceTimer);
      const recording: Promise<void>[] = [];
      for (const attempt of attempts) {
        if (attempt.recording) recording.push(attempt.done);
        else attempt.abandoned = true;
      }
      if (attempts.size > recording.length) {
        logger?.warn(
          { queue: name, jobs: attempts.size - recording.length },
          'jobs left running at stop; their leases bring them back',
        );
      }
      await Promise.allSettled(recording);
    },
  };
}
