import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseExtendedPublicKey } from '@app/core/wallets';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTx, fakeTxid } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { type FakeEsplora, startFakeEsplora } from '../../integrations/esplora/test/fake-esplora.ts';
import { type Arrivals, peakInWindow, recordArrivals } from '../../test/arrival-log.ts';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import { quoteIdent, withDatabase } from '../../test/postgres-urls.ts';
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  waitFor,
} from '../../test/process-helpers.ts';

/*
 * Two real server processes on one PostgreSQL database, both working the job queue, sync 200
 * single-address Bitcoin connections from one fake Esplora. The request budget lives in the
 * database, so the two together must stay within one allowance: if each process kept its own,
 * the explorer would see up to twice the rate whenever both are busy, and both are busy for the
 * whole run (every process runs two syncs at once and there are far more connections than that).
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const mainTs = fileURLToPath(new URL('../../main.ts', import.meta.url));

// BIP 84's published test key: its receive addresses carry real checksums, as the server checks.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const connectionCount = 200;
const paymentsPerAddress = 3;
/**
 * Low enough that the two processes' syncs want more than this together (so a budget each would
 * show), high enough that the two requests a new address needs fit the run in well under a minute.
 */
const requestsPerSecond = 12;
/** The Esplora budget's bucket size (explorers.ts leaves it at 1: requests evenly spaced). */
const burst = 1;
/**
 * A request takes its token in the database and reaches the fake a moment later; a sending
 * process that is descheduled or collecting garbage in between can bring requests closer together
 * than the bucket let them out. The window is widened by this much for that; a uniformly slower
 * machine only spreads the requests further apart.
 */
const sendDelaySlackMs = 250;
const processNames = ['a', 'b'] as const;
type ProcessName = (typeof processNames)[number];
const appName = (name: ProcessName) => `el-sync-shared-${name}`;

const parsedKey = parseExtendedPublicKey(zpub);
if (!parsedKey.ok) throw new Error(parsedKey.message);
const key = parsedKey.value;
const addresses = Array.from({ length: connectionCount }, (_, i) => key.address('receive', i));
const labelOf = (address: number, payment: number) => `shared-${address}-${payment}`;

interface Caller {
  base: string;
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

async function signUp(base: string, name: ProcessName): Promise<Caller> {
  const { csrf, cookie } = await signUpOverHttp(base, {
    email: `sync-shared-${name}-${randomBytes(3).toString('hex')}@example.test`,
    username: `Shared ${name}`,
    password: 'shared sync test 42 password',
  });
  return {
    base,
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as T };
    },
  };
}

interface ConnectionView {
  id: string;
  state: string;
  error_message: string | null;
}

describe.skipIf(!adminUrl)('two server processes on PostgreSQL syncing 200 connections', () => {
  const dbName = `t_sync_shared_${randomBytes(6).toString('hex')}`;
  // Set in beforeAll: the body of a skipped describe still runs, without a server to name.
  let databaseUrl = '';
  const sessionSecret = randomBytes(32).toString('base64url');
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let admin: pg.Client | undefined;
  let db: pg.Client | undefined;
  let main: ChildBundle | undefined;
  let esplora: FakeEsplora | undefined;
  let arrivals: Arrivals | undefined;

  beforeAll(async () => {
    main = await bundleForChild(mainTs);
    databaseUrl = withDatabase(adminUrl, dbName);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Empty: the first process migrates it, as in a first deployment.
    await admin.query(`create database ${quoteIdent(dbName)}`);
    esplora = await startFakeEsplora();
    arrivals = recordArrivals(esplora.baseUrl);
    addresses.forEach((address, i) => {
      for (let n = 0; n < paymentsPerAddress; n++) {
        esplora?.addTxs(100 + n * 10 + (i % 10), [
          buildTx({ label: labelOf(i, n), outputs: [{ address, value: 10_000 + i * 10 + n }] }),
        ]);
      }
    });
  });

  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await s.exited;
    }
    arrivals?.stop();
    await esplora?.close();
    await db?.end().catch(() => undefined);
    await admin?.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin?.end();
    await main?.remove();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function start(name: ProcessName): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), `el-sync-shared-${name}-`));
    dirs.push(dataDir);
    const server = await startServerProcess(main?.path ?? '', {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Processes behind one balancer share it: it also seals the connections' addresses, which
      // whichever process runs a sync has to open.
      SESSION_SECRET: sessionSecret,
      ESPLORA_BASE_URL: esplora?.baseUrl ?? '',
      ESPLORA_REQUESTS_PER_SECOND: String(requestsPerSecond),
      // One account holds all the connections, past the default cap on connections per account.
      LIMIT_CONNECTIONS_PER_USER: String(connectionCount),
      // Names every database session of this process: the trigger below records who booked what.
      PGAPPNAME: appName(name),
    });
    servers.push(server);
    return server;
  }

  /**
   * Records, inside the booking's own transaction, which process wrote each sourced row: its
   * session's application_name. The job queue keeps no worker column, and the processes print
   * nothing per job, so this is the one place that knows without changing the server.
   */
  async function recordWriters(client: pg.Client): Promise<void> {
    await client.query(`
      create table test_booked_by (
        connection_id uuid not null,
        source_id text not null,
        writer text not null
      );
      create function test_record_booked_by() returns trigger language plpgsql as $$
      begin
        if new.source_connection_id is not null then
          insert into test_booked_by (connection_id, source_id, writer)
          values (new.source_connection_id, new.source_id, current_setting('application_name'));
        end if;
        return null;
      end $$;
      create trigger test_record_booked_by after insert on transactions
        for each row execute function test_record_booked_by();`);
  }

  it('shares the syncs and one request budget, and books every payment once', async ({ onTestFailed }) => {
    // What the servers logged (warnings and errors) says why a request or a sync failed.
    onTestFailed(async () => {
      // Their last lines may still be in the pipes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const s of servers) process.stderr.write(`--- server ${s.base}:\n${s.output().slice(-4000)}\n`);
    });
    const startedAt = performance.now();
    const a = await start('a');
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await recordWriters(db);
    const b = await start('b');

    // One user on each process, each creating half the connections there: a new connection's job
    // is queued by the process that stored it, and either process may run it.
    const users = await Promise.all([signUp(a.base, 'a'), signUp(b.base, 'b')]);
    const created = new Map<string, number>();
    const createdAt = performance.now();
    await Promise.all(
      users.map(async (user, u) => {
        const portfolio = await user.call<{ id: string }>('POST', '/api/v2/portfolios/', { name: 'Wallets' });
        expect(portfolio.status).toBe(201);
        for (let i = u; i < connectionCount; i += users.length) {
          const answer = await user.call<ConnectionView>('POST', '/api/v2/connections/', {
            kind: 'bitcoin',
            portfolio_id: portfolio.body.id,
            label: `Address ${i}`,
            address: addresses[i],
          });
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          created.set(answer.body.id, i);
        }
      }),
    );
    expect(created.size).toBe(connectionCount);

    const listed = async (user: Caller) =>
      (await user.call<{ results: ConnectionView[] }>('GET', '/api/v2/connections/')).body.results;
    const everyConnection = async () => (await Promise.all(users.map(listed))).flat();
    await waitFor(
      'every connection to be synced',
      async () => {
        const all = await everyConnection();
        const broken = all.filter((c) => c.state === 'failed' || c.state === 'needs_attention');
        if (broken.length > 0) throw new Error(`syncs failed: ${JSON.stringify(broken.slice(0, 3))}`);
        const done = all.length === connectionCount && all.every((c) => c.state === 'up_to_date');
        return done || undefined;
      },
      150_000,
      500,
    );
    const syncedAt = performance.now();

    // Each address's payments booked once, on its own connection, all by one process.
    const booked = await db.query<{ connection_id: string; source_id: string; writer: string }>(
      'select connection_id, source_id, writer from test_booked_by',
    );
    const rows = await db.query<{ connection_id: string; source_id: string }>(
      'select source_connection_id as connection_id, source_id from transactions where source_connection_id is not null',
    );
    expect(rows.rows).toHaveLength(connectionCount * paymentsPerAddress);
    expect(booked.rows).toHaveLength(rows.rows.length);
    const writerOf = new Map<string, Set<string>>();
    const txidsOf = new Map<string, Set<string>>();
    for (const row of booked.rows) {
      const writers = writerOf.get(row.connection_id) ?? new Set<string>();
      writers.add(row.writer);
      writerOf.set(row.connection_id, writers);
    }
    for (const row of rows.rows) {
      const txids = txidsOf.get(row.connection_id) ?? new Set<string>();
      txids.add(row.source_id.split(':')[0] ?? '');
      txidsOf.set(row.connection_id, txids);
    }
    expect(new Set(rows.rows.map((r) => r.source_id)).size).toBe(rows.rows.length);
    for (const [id, i] of created) {
      const expected = Array.from({ length: paymentsPerAddress }, (_, n) => fakeTxid(labelOf(i, n)));
      expect([...(txidsOf.get(id) ?? [])].sort(), `address ${i}`).toEqual(expected.sort());
      expect(writerOf.get(id)?.size, `writers of address ${i}`).toBe(1);
    }

    // Both processes ran syncs: with two syncs at a time each and one budget, each takes a fair
    // part, so a process left with under a fifth of them was kept from the queue.
    const jobsOf = (name: ProcessName) =>
      [...writerOf.values()].filter((writers) => writers.has(appName(name))).length;
    const jobs = { a: jobsOf('a'), b: jobsOf('b') };
    expect(jobs.a + jobs.b).toBe(connectionCount);

    // The explorer read each address's history once; its summary at most twice (the periodic
    // look for due connections may queue a finished one again, which then finds nothing new).
    const log = arrivals?.log ?? [];
    const perAddress = (pattern: RegExp) => {
      const counts = new Map<string, number>();
      for (const { path } of log) {
        const match = pattern.exec(path);
        if (match?.[1]) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
      }
      return counts;
    };
    const historyReads = perAddress(/\/address\/([^/]+)\/txs\/chain$/);
    const summaryReads = perAddress(/\/address\/([^/]+)$/);
    for (const address of addresses) {
      expect(historyReads.get(address), `history reads of ${address}`).toBe(1);
      expect(summaryReads.get(address) ?? 0, `summary reads of ${address}`).toBeGreaterThanOrEqual(1);
      expect(summaryReads.get(address) ?? 0, `summary reads of ${address}`).toBeLessThanOrEqual(2);
    }

    // One budget row for the explorer, shared by both processes.
    const budgets = await db.query<{ provider: string }>('select provider from request_budgets');
    expect(budgets.rows.map((r) => r.provider)).toEqual([`esplora ${esplora?.baseUrl}`]);

    // No second of the explorer's log holds more than one budget lets out (its rate plus its
    // burst), however the requests of the two processes fell together.
    const times = log.map((r) => r.at);
    const windowMs = 1000;
    const peak = peakInWindow(times, windowMs);
    const allowed = Math.floor(burst + (requestsPerSecond * (windowMs + sendDelaySlackMs)) / 1000);
    const spanMs = Math.max(...times) - Math.min(...times);
    const allowedOverall = Math.floor(burst + (requestsPerSecond * (spanMs + sendDelaySlackMs)) / 1000);
    const figures = [
      `${connectionCount} connections synced ${((syncedAt - createdAt) / 1000).toFixed(1)} s after creating them began`,
      `(${((syncedAt - startedAt) / 1000).toFixed(1)} s from the first start)`,
      `${log.length} explorer requests over ${(spanMs / 1000).toFixed(1)} s`,
      `(${((log.length * 1000) / spanMs).toFixed(1)}/s, budget ${requestsPerSecond}/s)`,
      `peak ${peak} in ${windowMs} ms (allowed ${allowed})`,
      `jobs: a ${jobs.a}, b ${jobs.b}`,
    ].join(', ');
    expect(peak, figures).toBeLessThanOrEqual(allowed);
    expect(log.length, figures).toBeLessThanOrEqual(allowedOverall);
    expect(Math.min(jobs.a, jobs.b), figures).toBeGreaterThanOrEqual(connectionCount / 5);

    for (const s of [a, b]) s.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
  }, 240_000);
});
