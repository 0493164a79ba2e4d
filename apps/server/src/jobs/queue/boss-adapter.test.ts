import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgRunner } from './pg-runner.ts';
import { openQueueDatabase, type QueueTestDatabase, selectRows } from './queue-test-kit.ts';
import { runnerFor } from './runner-for.ts';
import type { SqlRunner } from './sql-runner.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

// pg-boss as the queue drives it, one level down: its scripts and its maintenance over our adapter.
describe(`pg-boss over the server's ${onServer ? 'pg pool' : 'PGlite'}`, () => {
  let db: QueueTestDatabase;
  let boss: PgBoss;
  const errors: Error[] = [];

  beforeAll(async () => {
    db = await openQueueDatabase();
    boss = new PgBoss({ db: runnerFor(db.database), supervise: false, schedule: false });
    boss.on('error', (error) => errors.push(error));
    await boss.start();
  });

  afterAll(async () => {
    await boss?.stop({ graceful: false, close: false });
    await db?.dispose();
    expect(errors).toEqual([]);
  });

  async function failingScriptLeavesSessionUsable(runner: SqlRunner): Promise<void> {
    await expect(runner.executeSql('begin; select 1/0; commit;')).rejects.toThrow(/division by zero/);
    // Without the rollback: "current transaction is aborted, commands ignored until end of transaction block".
    expect((await runner.executeSql('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
  }

  it('creates its tables, and a failed script leaves no aborted transaction behind', async () => {
    expect(await boss.isInstalled()).toBe(true);
    expect(Number(await boss.schemaVersion())).toBe(24);
    const runner = runnerFor(db.database);
    await failingScriptLeavesSessionUsable(runner);
    // A script's result is its last statement's rows.
    expect((await runner.executeSql('select 1 as a; select 2 as b')).rows).toEqual([{ b: 2 }]);
  });

  it.skipIf(!onServer)('returns a pooled connection only after rolling its failed script back', async () => {
    // One connection: the query after the failed script must get the same one back.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await failingScriptLeavesSessionUsable(createPgRunner(pool));
    } finally {
      await pool.end();
    }
  });

  it('runs maintenance and state monitoring on its own timers', async () => {
    const timed = new PgBoss({
      db: runnerFor(db.database),
      schedule: false,
      maintenanceIntervalSeconds: 1,
      monitorStateIntervalSeconds: 1,
    });
    timed.on('error', (error) => errors.push(error));
    const maintained = new Promise<void>((resolve) => timed.once('maintenance', () => resolve()));
    const monitored = new Promise<PgBoss.MonitorStates>((resolve) => timed.once('monitor-states', resolve));
    await timed.start();
    try {
      await maintained;
      const states = await monitored;
      expect(typeof states.all).toBe('number');
    } finally {
      await timed.stop({ graceful: false, close: false });
    }
  });

  it('expires, archives and drops jobs in its maintenance', async () => {
    await boss.createQueue('maintained', { name: 'maintained', policy: 'stately' });
    const stale = await boss.send(
      'maintained',
      {},
      { singletonKey: 'stale', expireInSeconds: 1, retryLimit: 0 },
    );
    const done = await boss.send('maintained', {}, { singletonKey: 'done' });
    const fetched = await boss.fetch('maintained', { batchSize: 2 });
    expect(fetched.map((job) => job.id).sort()).toEqual([stale, done].sort());
    await boss.complete('maintained', String(done));

    // Moved back in time rather than waited for: a lease over, a job finished two days ago.
    await selectRows(
      db.database,
      `update pgboss.job set started_on = now() - interval '1 minute' where id = '${stale}'`,
    );
    await selectRows(
      db.database,
      `update pgboss.job set completed_on = now() - interval '2 days' where id = '${done}'`,
    );
    await boss.maintain();
    expect((await boss.getJobById('maintained', String(stale)))?.state).toBe('failed');
    expect(await boss.getJobById('maintained', String(done))).toBeNull();
    expect((await boss.getJobById('maintained', String(done), { includeArchive: true }))?.state).toBe(
      'completed',
    );

    await selectRows(
      db.database,
      `update pgboss.archive set archived_on = now() - interval '8 days' where id = '${done}'`,
    );
    await boss.maintain();
    expect(await boss.getJobById('maintained', String(done), { includeArchive: true })).toBeNull();
  });
});
