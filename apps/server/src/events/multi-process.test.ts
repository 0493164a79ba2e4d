import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { createOutboxMailer } from '../integrations/mail/index.ts';
import { createScheduler } from '../jobs/scheduler.ts';
import {
  type AlertEngineRunner,
  createAlertEngine,
  runAlertEngineOnRefresh,
} from '../modules/alerts/index.ts';
import { quoteIdent, withDatabase } from '../test/postgres-urls.ts';
import { signUp, TestClient } from '../test/test-client.ts';
import { createTestMarket } from '../test/test-market.ts';
import '../test/provided-context.ts';
import type { BusEvent, EventBus } from './event-bus.ts';
import { createPgEventBus } from './pg-event-bus.ts';

/**
 * Several server processes on one PostgreSQL, as two complete nodes in this test
 * process: each has its own pool, its own LISTEN connection, its own scheduler lock and alert
 * engine runner, and shares nothing in memory but the (read-only) test market.
 */
const info = inject('testDatabase');
const onPostgres = info.kind === 'postgres';
const silent = { info: () => {}, error: () => {} };

interface Node {
  database: Database;
  bus: EventBus;
  app: FastifyInstance;
  runner: AlertEngineRunner;
  url: string;
}

async function admin(sql: string): Promise<void> {
  if (info.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: info.adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('two processes on one PostgreSQL', () => {
  const name = `t_mp_${randomBytes(6).toString('hex')}`;
  const market = createTestMarket();
  market.setCoin('bitcoin', [1, 2, 3], 5);
  let url = '';
  let dataDir = '';
  const nodes: Node[] = [];

  async function startNode(): Promise<Node> {
    const database = await openPostgres(url);
    const bus = await createPgEventBus({ connectionString: url });
    const config = loadConfig(
      { DATA_DIR: dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
      dataDir,
    );
    const app = await buildApp({
      config,
      db: database.db,
      mailer: createOutboxMailer({ dir: join(dataDir, 'outbox'), from: config.mailFrom }),
      logger: false,
      market,
      bus,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const runner = runAlertEngineOnRefresh({
      bus,
      engine: createAlertEngine({ db: database.db, market, bus, clock: () => new Date() }),
      leaderLock: database.leaderLock,
      logger: silent,
    });
    const node = {
      database,
      bus,
      app,
      runner,
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    };
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    if (info.kind !== 'postgres') return;
    dataDir = await mkdtemp(join(tmpdir(), 'el-mp-'));
    await admin(`create database ${quoteIdent(name)} template ${quoteIdent(info.templateName)}`);
    url = withDatabase(info.adminUrl, name);
  });

  afterAll(async () => {
    for (const node of nodes) {
      await node.runner.stop();
      await node.app.close();
      await node.bus.close();
      await node.database.close();
    }
    await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exactly one scheduler runs the jobs; the standby takes over when the leader stops', async () => {
    const runs: string[] = [];
    const a = await openPostgres(url);
    const b = await openPostgres(url);
    const job = (who: string) => ({
      name: 'probe',
      intervalMs: 20,
      runAtStart: true,
      run: async () => {
        runs.push(who);
      },
    });
    const sa = createScheduler({ jobs: [job('a')], leaderLock: a.leaderLock, logger: silent });
    const sb = createScheduler({ jobs: [job('b')], leaderLock: b.leaderLock, logger: silent });
    sa.start();
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3));
    sb.start();
    await vi.waitFor(() => expect(runs.filter((r) => r === 'a').length).toBeGreaterThanOrEqual(6));
    expect(runs).not.toContain('b');
    await sa.stop();
    await vi.waitFor(() => expect(runs).toContain('b'));
    await sb.stop();
    await a.close();
    await b.close();
  });

  it('the LISTEN/NOTIFY bus delivers to every process, the publisher included', async () => {
    const one = await createPgEventBus({ connectionString: url });
    const two = await createPgEventBus({ connectionString: url });
    const heardOne: BusEvent[] = [];
    const heardTwo: BusEvent[] = [];
    one.subscribe((e) => heardOne.push(e));
    two.subscribe((e) => heardTwo.push(e));
    const event: BusEvent = { type: 'notification', userId: 'u', notificationId: 'n' };
    await one.publish(event);
    await one.publish({ type: 'buffers', at: 'x' });
    await vi.waitFor(() => {
      expect(heardTwo).toEqual([event, { type: 'buffers', at: 'x' }]);
      expect(heardOne).toEqual(heardTwo);
    });
    await one.close();
    await two.close();
  });

  it('publishes many events in few statements, heard in order by every process', async () => {
    const one = await createPgEventBus({ connectionString: url });
    const two = await createPgEventBus({ connectionString: url });
    const heard: BusEvent[] = [];
    two.subscribe((e) => heard.push(e));
    // More than one statement's batch, so the batches' order is checked too.
    const events: BusEvent[] = Array.from({ length: 2_500 }, (_, i) => ({
      type: 'notification',
      userId: `u${i % 7}`,
      notificationId: `n${i}`,
    }));
    await one.publishAll(events);
    await vi.waitFor(() => expect(heard).toHaveLength(events.length), { timeout: 10_000 });
    expect(heard).toEqual(events);
    await one.close();
    await two.close();
  });

  it('a notification written by the job leader reaches a stream on the other process, once', async () => {
    const a = await startNode();
    const b = await startNode();
    const client = new TestClient(a.app);
    await signUp(client);
    const created = await client.post('/api/v2/alerts/', {
      coin_id: 'bitcoin',
      left: { type: 'indicator', metric: 'price' },
      op: '>=',
      right: { type: 'value', value: 4 },
    });
    expect(created.statusCode).toBe(201);

    // The stream is on node B; the session was made on node A (same database).
    let received = '';
    const req = http.get(`${b.url}/api/v2/events/stream`, { headers: { cookie: client.cookieHeader() } });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
      });
    });
    await vi.waitFor(() => expect(received).toContain(': connected'));

    // A refresh somewhere: both nodes hear `buffers`, only the leader evaluates.
    await a.bus.publish({ type: 'buffers', at: new Date().toISOString() });
    await vi.waitFor(() => expect(received).toContain('event: notification'));
    await a.runner.idle();
    await b.runner.idle();
    const list = await client.get('/api/v2/notifications/');
    expect(list.json().count).toBe(1);
    expect(received).toContain(`data: {"id":"${list.json().results[0].id}"}`);
    req.destroy();
  });
});
