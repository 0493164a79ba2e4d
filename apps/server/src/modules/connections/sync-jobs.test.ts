import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTx } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { connectionSyncQueue, registerConnectionSyncJobs } from '../../jobs/connection-sync.job.ts';
import { createJobQueue, type JobQueue } from '../../jobs/queue/index.ts';
import {
  eventually,
  openQueueDatabase,
  type QueueTestDatabase,
  recordingLogger,
} from '../../jobs/queue/queue-test-kit.ts';
import type { ConnectionSync } from './connection-sync.ts';
import { receive, type SyncWorld, syncWorld } from './sync-test-kit.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/** Short polls, leases and retries, so the queue's timing fits in a test. */
const jobTiming = { pollMs: 50, leaseSeconds: 2, retryDelaySeconds: 1, dueEverySeconds: 1 };

// Two apps on one database, each with its own queue (on PostgreSQL its own pool): two processes.
describe(`wallet syncs on the job queue, two instances on ${onServer ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: QueueTestDatabase;
  let first: SyncWorld;
  let second: SyncWorld;
  const queues: JobQueue[] = [];
  const logger = recordingLogger();
  /** Syncs running now per connection, across both instances, and any that overlapped. */
  const running = new Map<string, number>();
  const overlaps: string[] = [];
  const runs: string[] = [];

  function watched(sync: ConnectionSync): Pick<ConnectionSync, 'run' | 'dueConnections'> {
    return {
      dueConnections: (limit) => sync.dueConnections(limit),
      async run(id, options) {
        const now = (running.get(id) ?? 0) + 1;
        running.set(id, now);
        if (now > 1) overlaps.push(id);
        runs.push(id);
        try {
          return await sync.run(id, options);
        } finally {
          running.set(id, (running.get(id) ?? 1) - 1);
        }
      },
    };
  }

  async function queueFor(world: SyncWorld, database: QueueTestDatabase['database']): Promise<JobQueue> {
    const queue = createJobQueue({
      database,
      logger,
      pollMs: 50,
      maintenanceSeconds: 1,
      scheduleCheckMs: 100,
    });
    registerConnectionSyncJobs(queue, watched(world.t.connections.sync), { ...jobTiming, logger });
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    db = await openQueueDatabase();
    first = await syncWorld({ database: db.database });
    second = await syncWorld({ database: await db.another(), fakes: first });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop({ graceMs: 0 });
    await second?.close();
    await first?.close();
    await db?.dispose();
    expect(logger.errors).toEqual([]);
  });

  it('share the due connections and the "sync now" bursts, never syncing one connection twice at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const address = receive(100 + i);
      for (let n = 0; n < 3; n++) {
        first.esplora.addTxs(100 + n, [
          buildTx({ label: `q-${i}-${n}`, outputs: [{ address, value: 10_000 + n }] }),
        ]);
      }
      ids.push((await first.connect({ kind: 'bitcoin', address })).id);
    }
    const one = await queueFor(first, db.database);
    const two = await queueFor(second, await db.another());
    await Promise.all([one.start(), two.start()]);
    // Both instances are asked at once, twice, while their schedules find the same connections due.
    await Promise.all(
      ids.flatMap((id) => [
        one.enqueue(connectionSyncQueue, { connectionId: id }, { key: id }),
        two.enqueue(connectionSyncQueue, { connectionId: id }, { key: id }),
        two.enqueue(connectionSyncQueue, { connectionId: id }, { key: id }),
      ]),
    );
    await eventually('every connection to be synced', async () => {
      const states = await Promise.all(ids.map(async (id) => (await first.connection(id)).state));
      return states.every((s) => s === 'up_to_date') ? true : undefined;
    });
    for (const id of ids) expect(await first.rows(id)).toHaveLength(3);
    expect(overlaps).toEqual([]);
    expect(new Set(runs).size).toBe(ids.length);
    await Promise.all(queues.splice(0).map((q) => q.stop({ graceMs: 0 })));
  });

  it('run a sync again after the process syncing it died, and book its rows once', async () => {
    const address = receive(120);
    for (let n = 0; n < 2; n++) {
      first.esplora.addTxs(200 + n, [
        buildTx({ label: `k-${n}`, outputs: [{ address, value: 20_000 + n }] }),
      ]);
    }
    const { id } = await first.connect({ kind: 'bitcoin', address });
    // The first instance takes the job and hangs on the explorer, then "dies" (stops at once).
    first.esplora.fail({ type: 'hang' }, 1, '/address/:address');
    const dying = await queueFor(first, db.database);
    await dying.start();
    await dying.enqueue(connectionSyncQueue, { connectionId: id }, { key: id });
    await eventually('the first attempt to start', async () =>
      (await first.connection(id)).state === 'syncing' ? true : undefined,
    );
    await dying.stop({ graceMs: 0 });
    expect((await first.connection(id)).state).toBe('syncing');

    // The other instance, started afterwards, picks the job up once its lease is over.
    const survivor = await queueFor(second, await db.another());
    await survivor.start();
    const done = await eventually('the connection to be synced again', async () => {
      const row = await first.connection(id);
      return row.state === 'up_to_date' ? row : undefined;
    });
    expect(done.failures).toBe(0);
    expect(await first.rows(id)).toHaveLength(2);
    const job = await survivor.getJobByKey(connectionSyncQueue, id);
    expect(job?.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('"sync now" on an app whose syncs run on the job queue', () => {
  let w: SyncWorld;
  let queue: JobQueue;
  const logger = recordingLogger();

  beforeAll(async () => {
    const db = await openQueueDatabase();
    queue = createJobQueue({ database: db.database, logger, pollMs: 50, maintenanceSeconds: 1 });
    w = await syncWorld({ database: db.database, jobs: queue });
    // As main does: the app defines its queues, then the queue starts.
    await queue.start();
    const close = w.close;
    w.close = async () => {
      await queue.stop({ graceMs: 0 });
      await close();
      await db.dispose();
    };
  });
  afterAll(async () => {
    await w?.close();
    expect(logger.errors).toEqual([]);
  });

  it('enqueues (202), answers 409 while the job runs, and the job books the rows', async () => {
    const address = receive(130);
    w.esplora.addTxs(300, [buildTx({ label: 'n-0', outputs: [{ address, value: 30_000 }] })]);
    const { id } = await w.connect({ kind: 'bitcoin', address });
    // A new connection is due at once: the schedule's job syncs it without being asked.
    await eventually('the first sync', async () =>
      (await w.connection(id)).state === 'up_to_date' ? true : undefined,
    );
    expect(await w.rows(id)).toHaveLength(1);

    w.esplora.addTxs(301, [buildTx({ label: 'n-1', outputs: [{ address, value: 31_000 }] })]);
    // The next read hangs until the client's timeout, so the job is still running when asked again.
    w.esplora.fail({ type: 'hang' }, 1, '/address/:address');
    expect((await w.user.client.post(`/api/v2/connections/${id}/sync/`)).statusCode).toBe(202);
    await eventually('the job to run', async () =>
      (await w.connection(id)).state === 'syncing' ? true : undefined,
    );
    const busy = await w.user.client.post(`/api/v2/connections/${id}/sync/`);
    expect(busy.statusCode).toBe(409);
    // The hang failed that sync in words; asked again, the next job books the payment.
    await eventually('the hang to be recorded', async () =>
      (await w.connection(id)).state === 'failed' ? true : undefined,
    );
    expect((await w.user.client.post(`/api/v2/connections/${id}/sync/`)).statusCode).toBe(202);
    await eventually('the sync to finish', async () =>
      (await w.connection(id)).state === 'up_to_date' ? true : undefined,
    );
    expect(await w.rows(id)).toHaveLength(2);
  });
});
