import type { SqlExecutor } from './sql-runner.ts';
import type { JobProgress } from './types.ts';

/** Where pg-boss keeps its tables (its default); created by pg-boss itself on first start. */
export const bossSchema = 'pgboss';

/*
 * The few statements that read or write pg-boss's own job table, for what its API does not
 * offer: finding a key's open job, fencing a worker's writes to its own attempt, and progress
 * while a job runs. They are written against the table of schema version 24 (pg-boss 10.4.2,
 * pinned exactly in package.json); the queue's tests exercise each one, so an upgrade that
 * changes the table fails them rather than production.
 */

/** Serialises enqueues of one key across processes, until the enclosing transaction ends. */
export async function lockKey(tx: SqlExecutor, name: string, key: string): Promise<void> {
  await tx.executeSql('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    JSON.stringify(['job-key', name, key]),
  ]);
}

/**
 * The key's job that is queued, waiting for a retry or running. Written to match pg-boss's
 * partial unique index of stately queues (state <= active), so it is an index lookup.
 */
export async function findOpenJob(tx: SqlExecutor, name: string, key: string): Promise<string | null> {
  const { rows } = await tx.executeSql(
    `select id from ${bossSchema}.job
      where name = $1 and coalesce(singleton_key, '') = $2 and state <= 'active' and policy = 'stately'
      order by created_on limit 1`,
    [name, key],
  );
  const id = rows[0]?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * Brings a waiting job's start forward to `runAt` (now when absent), never later than it was:
 * enqueueing a key again means "run it by then", so "sync now" does not wait out a retry's
 * backoff or a later start. A running job is left alone.
 */
export async function hastenJob(
  tx: SqlExecutor,
  name: string,
  id: string,
  runAt: Date | undefined,
): Promise<void> {
  await tx.executeSql(
    `update ${bossSchema}.job set start_after = least(start_after, coalesce($3::timestamptz, now()))
      where name = $1 and id = $2 and state < 'active'`,
    [name, id, runAt ? runAt.toISOString() : null],
  );
}

/**
 * Every job marked running goes back to waiting, due now: its worker's process is gone. It keeps
 * its key (still one open job per key) and its attempts; its next run counts as another.
 */
export async function releaseRunningJobs(db: SqlExecutor): Promise<number> {
  const { rows } = await db.executeSql(
    `update ${bossSchema}.job set state = 'retry', start_after = now()
      where state = 'active' returning id`,
    [],
  );
  return rows.length;
}

/** The key's newest job still in the job table (archived ones are left out). */
export async function findNewestJob(db: SqlExecutor, name: string, key: string): Promise<string | null> {
  const { rows } = await db.executeSql(
    `select id from ${bossSchema}.job where name = $1 and singleton_key = $2 order by created_on desc limit 1`,
    [name, key],
  );
  const id = rows[0]?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * Locks the job's row if it is still this attempt's: active, with the retry count this worker
 * fetched. After its lease ended the job was failed by maintenance and maybe fetched again
 * (the count moves on), and pg-boss's complete() would otherwise finish the new holder's run.
 * The row lock keeps maintenance from expiring it between this check and the write.
 */
export async function holdsAttempt(
  tx: SqlExecutor,
  name: string,
  id: string,
  retryCount: number,
): Promise<boolean> {
  const { rows } = await tx.executeSql(
    `select 1 as held from ${bossSchema}.job
      where name = $1 and id = $2 and state = 'active' and retry_count = $3 for update`,
    [name, id, retryCount],
  );
  return rows.length === 1;
}

/**
 * Progress lives in the job's output while it runs; complete() and fail() write the last one
 * again, so it stays readable afterwards. False when the attempt is no longer this worker's.
 */
export async function saveProgress(
  db: SqlExecutor,
  name: string,
  id: string,
  retryCount: number,
  progress: JobProgress,
): Promise<boolean> {
  const { rows } = await db.executeSql(
    `update ${bossSchema}.job set output = jsonb_build_object('progress', $4::jsonb)
      where name = $1 and id = $2 and state = 'active' and retry_count = $3
      returning id`,
    [name, id, retryCount, JSON.stringify(progress)],
  );
  return rows.length === 1;
}
