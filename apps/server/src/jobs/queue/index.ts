/**
 * The server's durable job system: background work that survives restarts and is shared by
 * every server process on one PostgreSQL (or runs in the one process that owns a PGlite
 * folder). Callers see only these types; pg-boss stays behind create-job-queue.ts.
 */
export { type CreateJobQueueOptions, createJobQueue } from './create-job-queue.ts';
export {
  type EnqueueOptions,
  type EnqueueResult,
  type JobCounts,
  type JobData,
  type JobHandler,
  JobLostError,
  type JobProgress,
  type JobQueue,
  type JobQueueLogger,
  type JobSnapshot,
  type JobState,
  type QueueDefinition,
  type RunningJob,
  type StopOptions,
  type WorkOptions,
} from './types.ts';
