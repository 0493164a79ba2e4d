import type PgBoss from 'pg-boss';
import type { JobCounts, JobData, JobProgress, JobSnapshot, JobState } from './types.ts';

const stateNames: Record<PgBoss.JobWithMetadata['state'], JobState> = {
  created: 'queued',
  retry: 'retry',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The job's output holds what this queue wrote ({ progress, error }) or, after a lease ran out,
 * pg-boss's own note ({ value: { message } }).
 */
function readOutput(output: unknown): { progress: JobProgress | null; error: string | null } {
  if (!isRecord(output)) return { progress: null, error: null };
  const progress = isRecord(output.progress) ? output.progress : null;
  if (typeof output.error === 'string') return { progress, error: output.error };
  const note = isRecord(output.value) ? output.value.message : output.message;
  return { progress, error: typeof note === 'string' ? note : null };
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | number | Date);

export function toSnapshot(job: PgBoss.JobWithMetadata<JobData>): JobSnapshot {
  const { progress, error } = readOutput(job.output);
  const startedAt = asDate(job.startedOn);
  return {
    id: job.id,
    name: job.name,
    key: job.singletonKey,
    data: isRecord(job.data) ? job.data : {},
    state: stateNames[job.state],
    // pg-boss counts restarts: the first run leaves retryCount at 0, each later one adds 1.
    attempts: startedAt ? job.retryCount + 1 : 0,
    retryLimit: job.retryLimit,
    progress,
    error,
    runAt: asDate(job.startAfter) ?? new Date(0),
    startedAt,
    finishedAt: asDate(job.completedOn),
  };
}

export function emptyCounts(): JobCounts {
  return { queued: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 };
}

export function toCounts(state: PgBoss.MonitorState | undefined): JobCounts {
  const counts = emptyCounts();
  if (!state) return counts;
  for (const [bossState, ours] of Object.entries(stateNames)) {
    counts[ours] = Number(state[bossState as keyof PgBoss.MonitorState] ?? 0);
  }
  return counts;
}
