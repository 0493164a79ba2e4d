/**
 * The job system's public types. They say nothing about pg-boss on purpose: callers (the
 * connection sync first) depend on these, so the library underneath can change without them.
 */

/** A job's payload. It is stored as JSON, so it must survive JSON.stringify and parse. */
export type JobData = Record<string, unknown>;

/** What a running job reports, shown to the user while it runs (counts, a phase, a cursor date). */
export type JobProgress = Record<string, unknown>;

export interface QueueDefinition {
  /** Retries after the first attempt; a job runs at most retryLimit + 1 times. */
  retryLimit?: number;
  /**
   * Seconds before the first retry. With backoff each later retry waits twice as long, with
   * random jitter of up to the same amount again, so a fleet that failed together does not retry
   * in step (the upstream that failed would get every retry at once).
   */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /**
   * How long one attempt may hold its job. A worker that dies leaves its job active; once the
   * lease is over the job counts as a failed attempt and is retried by whichever process is
   * up. A live worker stops its own handler (the abort signal) a little before, so it never
   * finishes a job somebody else has taken over. Must be longer than one attempt can take:
   * the lease is not renewed while the job runs. At most just under 24 hours. As a crash costs
   * an attempt, work that must survive one needs a retryLimit of at least 1.
   */
  leaseSeconds?: number;
}

export interface EnqueueOptions {
  /**
   * One job per key is queued or running at a time in this queue (a connection's id for sync):
   * a second enqueue while one waits or runs returns that job instead of adding another, so a
   * connection is never synced by two workers at once and a burst of "sync now" is one sync.
   * A waiting job is brought forward to this enqueue's runAt (or now) when that is sooner.
   */
  key: string;
  /** Not before this moment (the database's clock decides). */
  runAt?: Date;
  /** Overrides the queue's retry limit for this job. */
  retryLimit?: number;
}

export interface EnqueueResult {
  id: string;
  /** False when a job with the same key was already queued or running; id is that job's. */
  created: boolean;
}

export interface RunningJob {
  id: string;
  name: string;
  key: string;
  data: JobData;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /**
   * Aborted when this process stops or the lease is about to end. A handler that keeps going
   * after that may overlap with the next holder of the job, so long work checks it between
   * steps (and saves its own cursor so the next attempt resumes).
   */
  signal: AbortSignal;
  /**
   * Saves progress where every process can read it (getJob). Rejects with JobLostError when the
   * job is no longer this worker's (its lease ended and it was handed on), so the handler stops.
   */
  progress(progress: JobProgress): Promise<void>;
}

/** Resolve to complete the job; throw to fail this attempt (it is retried while retries remain). */
export type JobHandler = (job: RunningJob) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue this process runs at once. */
  concurrency?: number;
  /** How often an idle worker asks for due jobs; an enqueue in this process wakes it at once. */
  pollMs?: number;
}

export type JobState = 'queued' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface JobSnapshot {
  id: string;
  name: string;
  key: string | null;
  data: JobData;
  state: JobState;
  /** Runs started so far (0 while it has never run). */
  attempts: number;
  retryLimit: number;
  progress: JobProgress | null;
  /** The last failed attempt's message (kept while it waits for its retry). */
  error: string | null;
  /** When it may run next (queued or retry). */
  runAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export type JobCounts = Record<JobState, number>;

export interface JobQueueLogger {
  info?(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface StopOptions {
  /**
   * How long running handlers get to finish after their signal is aborted. A handler that ends
   * in time is recorded as usual (one that throws because of the abort used up an attempt and is
   * retried). Whatever still runs then is left as it is: its lease brings the job back for
   * another process or the next start.
   */
  graceMs?: number;
}

export interface JobQueue {
  /** Declares a queue; before start(). */
  define(name: string, definition?: QueueDefinition): void;
  /**
   * Enqueues `data` on the queue every `everySeconds`, once per period across all processes and
   * restarts (periods are aligned to the Unix epoch, so 6 hours means 00:00, 06:00, ... UTC).
   * The job's handler fans out (one sync per connection). Before start().
   */
  schedule(name: string, everySeconds: number, data?: JobData): void;
  /** Runs the queue's jobs in this process; before or after start(). One handler per queue. */
  work(name: string, handler: JobHandler, options?: WorkOptions): void;
  /** Creates the tables on first use, then starts maintenance, schedules and workers. */
  start(): Promise<void>;
  /** Stops fetching, aborts running handlers, waits for them (graceMs), and stops all timers. */
  stop(options?: StopOptions): Promise<void>;
  enqueue(name: string, data: JobData, options: EnqueueOptions): Promise<EnqueueResult>;
  getJob(name: string, id: string): Promise<JobSnapshot | null>;
  /** The newest job for a key still kept (queued, running or recently finished). */
  getJobByKey(name: string, key: string): Promise<JobSnapshot | null>;
  counts(name: string): Promise<JobCounts>;
}

/** Thrown by progress() and seen by handlers when their job was taken over after the lease. */
export class JobLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this worker (its lease ended)`);
    this.name = 'JobLostError';
  }
}
