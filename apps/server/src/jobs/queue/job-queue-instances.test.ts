import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  gate,
  openQueueDatabase,
  type QueueTestDatabase,
  type RecordingLogger,
  recordingLogger,
  testQueue,
} from './queue-test-kit.ts';
import { JobLostError, type JobQueue, type QueueDefinition, type RunningJob } from './types.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

const queues: Record<string, QueueDefinition> = {
  share: { leaseSeconds: 30 },
  // A lease of a second and an immediate retry, so a dead worker's job comes back at once.
  fragile: { leaseSeconds: 1, retryDelaySeconds: 0, backoff: false, retryLimit: 3 },
  later: {},
};

// Two instances stand for two server processes: on PostgreSQL each has its own pool.
describe(`two job queue instances on one ${onServer ? 'PostgreSQL' : 'PGlite'} database`, () => {
  let db: QueueTestDatabase;
  let logger: RecordingLogger;
  let first: JobQueue;
  let second: JobQueue;

  beforeAll(async () => {
    db = await openQueueDatabase();
    logger = recordingLogger();
    first = testQueue(db.database, logger, queues);
    second = testQueue(await db.another(), logger, queues);
    // Both at once on a database pg-boss has never seen: both create its tables and queues.
    await Promise.all([first.start(), second.start()]);
  });

  afterAll(async () => {
    await first?.stop({ graceMs: 0 });
    await second?.stop({ graceMs: 0 });
    await db?.dispose();
    expect(logger?.errors).toEqual([]);
  });

  it('keep one job per key when both enqueue it at the same moment', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? first : second).enqueue('later', { i }, { key: 'conn-x' }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await first.counts('later')).queued).toBe(1);
  });

  it('share the jobs of one queue, never running one twice at once', async () => {
    const total = 12;
    const ids: string[] = [];
    for (let i = 0; i < total; i++) ids.push((await first.enqueue('share', { i }, { key: `conn-${i}` })).id);

    const running = new Set<string>();
    const overlaps: string[] = [];
    const runs: { id: string; by: string }[] = [];
    // The first four wait until four run at once: with two each, that takes both instances.
    const allBusy = gate();
    const handler = (by: string) => async (job: RunningJob) => {
      if (running.has(job.id)) overlaps.push(job.id);
      running.add(job.id);
      runs.push({ id: job.id, by });
      if (running.size >= 4) allBusy.open();
      if (runs.length <= 4) await allBusy.promise;
      running.delete(job.id);
    };
    first.work('share', handler('first'), { concurrency: 2 });
    second.work('share', handler('second'), { concurrency: 2 });

    await eventually('every shared job to complete', async () =>
      (await first.counts('share')).completed === total ? true : undefined,
    );
    expect(overlaps).toEqual([]);
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(runs.some((r) => r.by === 'first') && runs.some((r) => r.by === 'second')).toBe(true);
  });

  it('run a job again on the other instance after its worker died mid-job', async () => {
    // The worker that will "die": its handler never ends and ignores its signal.
    const dying = testQueue(await db.another(), logger, queues);
    const started = gate();
    let held: RunningJob | undefined;
    dying.work('fragile', async (job) => {
      held = job;
      started.open();
      await new Promise(() => {});
    });
    await dying.start();
    const { id } = await dying.enqueue('fragile', { wallet: 'w-1' }, { key: 'w-1' });
    await started.promise;
    await dying.stop({ graceMs: 0 });
    expect((await first.getJob('fragile', id))?.state).toBe('active');

    const attempts: number[] = [];
    second.work('fragile', async (job) => {
      attempts.push(job.attempt);
    });
    const done = await eventually('the job to run again', async () => {
      const job = await first.getJob('fragile', id);
      return job?.state === 'completed' ? job : undefined;
    });
    expect(attempts).toEqual([2]);
    expect(done.attempts).toBe(2);
    // The dead worker's handler, should it wake, may no longer write to the job.
    await expect(held?.progress({ late: true })).rejects.toBeInstanceOf(JobLostError);
  });

  it('run after a restart what was queued before it', async () => {
    const before = testQueue(await db.another(), logger, queues);
    await before.start();
    for (const key of ['a', 'b', 'c']) await before.enqueue('later', { key }, { key });
    await before.stop();

    const after = testQueue(await db.another(), logger, queues);
    const ran: string[] = [];
    after.work('later', async (job) => {
      ran.push(job.key);
    });
    await after.start();
    await eventually('the queued jobs to run after the restart', () => (ran.length >= 4 ? true : undefined));
    await after.stop();
    // conn-x from the first test, and the three queued before the restart.
    expect(ran.sort()).toEqual(['a', 'b', 'c', 'conn-x']);
  });
});
