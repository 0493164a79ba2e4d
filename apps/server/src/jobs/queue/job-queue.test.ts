import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from './create-job-queue.ts';
import {
  eventually,
  gate,
  openQueueDatabase,
  type QueueTestDatabase,
  type RecordingLogger,
  recordingLogger,
  selectRows,
  testQueue,
} from './queue-test-kit.ts';
import type { JobQueue, JobSnapshot, QueueDefinition } from './types.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe(`the job queue on ${onServer ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: QueueTestDatabase;
  let logger: RecordingLogger;
  const running: JobQueue[] = [];

  beforeAll(async () => {
    db = await openQueueDatabase();
  });

  afterAll(async () => {
    await db?.dispose();
  });

  afterEach(async () => {
    for (const queue of running.splice(0)) await queue.stop({ graceMs: 0 });
    // Maintenance, fetches and outcome writes report through the logger: none may have failed.
    expect(logger.errors).toEqual([]);
  });

  async function started(queues: Record<string, QueueDefinition>): Promise<JobQueue> {
    logger = recordingLogger();
    const queue = testQueue(db.database, logger, queues);
    running.push(queue);
    return queue;
  }

  const finished = (queue: JobQueue, name: string, id: string) =>
    eventually(`job ${id} to finish`, async () => {
      const job = await queue.getJob(name, id);
      return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
    });

  it('runs a job once', async () => {
    const queue = await started({ once: {} });
    const runs: string[] = [];
    queue.work('once', async (job) => {
      runs.push(String(job.data.connection));
    });
    await queue.start();

    const first = await queue.enqueue('once', { connection: 'c-1' }, { key: 'c-1' });
    expect(first.created).toBe(true);
    const done = await finished(queue, 'once', first.id);
    expect(done).toMatchObject({ state: 'completed', attempts: 1, key: 'c-1', data: { connection: 'c-1' } });

    // A later job of the same queue has run, so the finished one had every chance to run again.
    const second = await queue.enqueue('once', { connection: 'c-2' }, { key: 'c-2' });
    await finished(queue, 'once', second.id);
    expect(runs).toEqual(['c-1', 'c-2']);
  });

  it('retries a failing job with growing delays, then marks it failed with the last error', async () => {
    const queue = await started({ flaky: { retryLimit: 2, retryDelaySeconds: 1, backoff: true } });
    const attempts: number[] = [];
    queue.work('flaky', async (job) => {
      attempts.push(job.attempt);
      throw new Error(`upstream refused (attempt ${job.attempt})`);
    });
    await queue.start();
    const { id } = await queue.enqueue('flaky', {}, { key: 'c-1' });

    // Each wait between attempts, as the database scheduled it: from the failed run's start to
    // the retry's earliest start.
    const waits = new Map<number, number>();
    let last: JobSnapshot | null = null;
    await eventually('the job to fail for good', async () => {
      last = await queue.getJob('flaky', id);
      if (last?.state === 'retry' && last.startedAt)
        waits.set(last.attempts, last.runAt.getTime() - last.startedAt.getTime());
      return last?.state === 'failed' ? last : undefined;
    });

    expect(attempts).toEqual([1, 2, 3]);
    expect(last).toMatchObject({ state: 'failed', attempts: 3, error: 'upstream refused (attempt 3)' });
    // 1 s after the first run, then 2 s (each up to twice that with jitter).
    expect(waits.get(1)).toBeGreaterThanOrEqual(1_000);
    expect(waits.get(2)).toBeGreaterThanOrEqual(2_000);
  });

  it('keeps one job per key while it is queued or running, and runs other keys meanwhile', async () => {
    const queue = await started({ sync: {} });
    await queue.start();

    const inAnHour = new Date(Date.now() + 3_600_000);
    const first = await queue.enqueue('sync', { n: 1 }, { key: 'conn-a', runAt: inAnHour });
    const again = await queue.enqueue('sync', { n: 2 }, { key: 'conn-a' });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await queue.counts('sync')).queued).toBe(1);
    // The second enqueue asked for now: the waiting job is brought forward (else it waits an hour).
    expect((await queue.getJob('sync', first.id))?.runAt.getTime()).toBeLessThan(inAnHour.getTime());

    const release = gate();
    const ran: string[] = [];
    queue.work(
      'sync',
      async (job) => {
        ran.push(job.key);
        if (job.key === 'conn-a') await release.promise;
      },
      { concurrency: 2 },
    );
    await eventually('conn-a to run', async () =>
      (await queue.getJob('sync', first.id))?.state === 'active' ? true : undefined,
    );
    // While conn-a runs, another enqueue of it is the running job; conn-b is not held up by it.
    expect(await queue.enqueue('sync', { n: 3 }, { key: 'conn-a' })).toEqual({
      id: first.id,
      created: false,
    });
    const other = await queue.enqueue('sync', {}, { key: 'conn-b' });
    expect((await finished(queue, 'sync', other.id)).state).toBe('completed');

    release.open();
    await finished(queue, 'sync', first.id);
    expect(ran).toEqual(['conn-a', 'conn-b']);
    expect(await queue.counts('sync')).toMatchObject({ queued: 0, active: 0, completed: 2 });

    // Once finished, the key takes a new job.
    expect((await queue.enqueue('sync', {}, { key: 'conn-a' })).created).toBe(true);
  });

  it('shows progress while the job runs and keeps the last one when it is done', async () => {
    const queue = await started({ progress: {} });
    const release = gate();
    queue.work('progress', async (job) => {
      await job.progress({ phase: 'trades', fetched: 120 });
      await release.promise;
      await job.progress({ phase: 'done', fetched: 250 });
    });
    await queue.start();
    const { id } = await queue.enqueue('progress', {}, { key: 'wallet-1' });

    const midway = await eventually('progress', async () => {
      const job = await queue.getJob('progress', id);
      return job?.progress ? job : undefined;
    });
    expect(midway).toMatchObject({ state: 'active', progress: { phase: 'trades', fetched: 120 } });
    expect((await queue.getJobByKey('progress', 'wallet-1'))?.id).toBe(id);

    release.open();
    expect(await finished(queue, 'progress', id)).toMatchObject({
      state: 'completed',
      progress: { phase: 'done', fetched: 250 },
    });
  });

  it('enqueues a schedule once per period, and its job fans out one job per connection', async () => {
    const queue = await started({ 'sync-all': {}, sync: {} });
    // A second instance with the same schedule, as every server process has.
    const twin = testQueue(db.database, logger, { 'sync-all': {}, sync: {} });
    running.push(twin);
    const synced: string[] = [];
    let fanOuts = 0;
    for (const instance of [queue, twin]) {
      instance.schedule('sync-all', 1, { reason: 'schedule' });
      instance.work('sync-all', async () => {
        fanOuts += 1;
        for (const connection of ['a', 'b', 'c'])
          await instance.enqueue('sync', { connection }, { key: connection });
      });
      instance.work('sync', async (job) => {
        synced.push(job.key);
      });
    }
    await Promise.all([queue.start(), twin.start()]);

    await eventually('two periods, and every connection synced', () =>
      fanOuts >= 2 && new Set(synced).size === 3 ? true : undefined,
    );
    await queue.stop({ graceMs: 1_000 });
    await twin.stop({ graceMs: 1_000 });

    // One job per one-second slot, whichever instance enqueued it.
    const slots = await selectRows(
      db.database,
      `select singleton_on::text as slot, count(*)::int as jobs from pgboss.job
        where name = 'sync-all' group by singleton_on`,
    );
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.every((slot) => slot.jobs === 1)).toBe(true);
    expect(new Set(synced)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('hands a job left running by a process that is gone back at once when told the database is its own', async () => {
    const definition = { resume: { leaseSeconds: 3600 } };
    const dying = await started(definition);
    const hang = gate();
    dying.work('resume', async () => {
      await hang.promise;
    });
    await dying.start();
    const { id } = await dying.enqueue('resume', {}, { key: 'conn-k' });
    await eventually('the job to run', async () =>
      (await dying.getJob('resume', id))?.state === 'active' ? true : undefined,
    );
    // The process "dies": its job stays marked running, with an hour of lease left.
    await dying.stop({ graceMs: 0 });
    running.splice(running.indexOf(dying), 1);
    expect(await selectRows(db.database, `select state from pgboss.job where id = '${id}'`)).toEqual([
      { state: 'active' },
    ]);

    const next = createJobQueue({
      database: db.database,
      logger,
      pollMs: 50,
      maintenanceSeconds: 1,
      releaseRunningOnStart: true,
    });
    next.define('resume', definition.resume);
    running.push(next);
    const ran: string[] = [];
    next.work('resume', async (job) => {
      ran.push(job.id);
    });
    await next.start();
    const done = await finished(next, 'resume', id);
    expect(done).toMatchObject({ state: 'completed', key: 'conn-k' });
    expect(ran).toEqual([id]);
    hang.open();
  });

  it('refuses unknown queues instead of dropping their jobs', async () => {
    const queue = await started({ known: {} });
    await queue.start();
    await expect(queue.enqueue('unknown', {}, { key: 'x' })).rejects.toThrow(/not defined/);
    expect(await queue.getJob('known', 'not-a-uuid')).toBeNull();
  });
});
