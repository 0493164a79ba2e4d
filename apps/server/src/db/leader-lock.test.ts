import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent, withDatabase } from '../test/postgres-urls.ts';
import { type Database, openDatabase } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';

// Advisory locks live on PostgreSQL only; PGlite is single-process and always leads.
describe.skipIf(!adminUrl)('the job leader lock on PostgreSQL', () => {
  const dbName = `t_leader_${Math.random().toString(36).slice(2, 10)}`;
  let admin: pg.Client;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(dbName)}`);
    first = await openDatabase({ databaseUrl: withDatabase(adminUrl, dbName), dataDir: '' });
    second = await openDatabase({ databaseUrl: withDatabase(adminUrl, dbName), dataDir: '' });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin?.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin?.end();
  });

  it('lets jobs that ask at the same moment in the leading process all lead', async () => {
    const answers = await Promise.all([first.leaderLock.tryAcquire(), first.leaderLock.tryAcquire()]);
    expect(answers).toEqual([true, true]);
    expect(await first.leaderLock.tryAcquire()).toBe(true);
  });

  it('keeps every other process out until the leader lets go', async () => {
    expect(await second.leaderLock.tryAcquire()).toBe(false);
    await first.leaderLock.release();
    expect(await second.leaderLock.tryAcquire()).toBe(true);
    expect(await first.leaderLock.tryAcquire()).toBe(false);
  });
});
