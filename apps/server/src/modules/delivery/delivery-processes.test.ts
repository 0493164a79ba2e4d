import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import { startFakeWebhookReceiver } from '../../test/fake-webhook-receiver.ts';
import { quoteIdent, withDatabase } from '../../test/postgres-urls.ts';
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  waitFor,
} from '../../test/process-helpers.ts';

/**
 * The outbox across real server processes. 120 alerts fire at once (60 coins × 2
 * users, `price >= 0`), each fanned out to a generic JSON webhook on a fake receiver on 127.0.0.1.
 * - kill -9 of the server mid-delivery, then a restart on the same data: every notification
 *   arrives (at-least-once), and the only repeats are sends that were in flight at the kill,
 *   each with its original Idempotency-Key; nothing completed before the kill is sent again.
 * - two server processes on one PostgreSQL, both running the outbox worker: each delivery is
 *   sent exactly once.
 * "At once": the alerts are written on servers that refresh the market once a day, after
 * their start-up refresh has been evaluated, so none can fire while they are written; the
 * servers then restart on the same data with a one-second refresh, whose first run fires all 120.
 * With the one-second refresh from the start, alerts fired while the rest were still being
 * written, and on a loaded machine all had arrived before the kill ("expected 122 to be less
 * than 120").
 */
const mainTs = fileURLToPath(new URL('../../main.ts', import.meta.url));
let main: ChildBundle | undefined;
const coinsTxt = fileURLToPath(new URL('../../../data-snapshot/coins.txt', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const perUser = 60;
const users = 2;
const total = perUser * users;

type Server = ServerProcess;

const dirs: string[] = [];
const servers: Server[] = [];

async function start(env: Record<string, string>): Promise<Server> {
  const server = await startServerProcess(main?.path ?? '', {
    MARKET_REFRESH_SECONDS: '1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_SECONDS: '1',
    ...env,
  });
  servers.push(server);
  return server;
}

interface Caller {
  post: (path: string, body: unknown) => Promise<{ id: string }>;
  get: <T>(path: string) => Promise<T>;
}

/** Signs up on `base` and returns a JSON caller with the session and CSRF token. */
async function signUp(base: string, email: string): Promise<Caller> {
  const { csrf, cookie } = await signUpOverHttp(base, {
    email,
    username: 'Outbox',
    password: 'outbox test 42 password',
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  return {
    post: (path, body) => call('POST', path, body) as Promise<{ id: string }>,
    get: <T>(path: string) => call('GET', path) as Promise<T>,
  };
}

interface AlertList {
  results: { coin_id: string; last_triggered_at: string | null; evaluation?: { at: string } | null }[];
}

const price = { type: 'indicator', metric: 'price' } as const;
/** A refresh a day: a seeding server evaluates alerts once, at its start, and not again. */
const seedingEnv = { MARKET_REFRESH_SECONDS: String(24 * 60 * 60) };

/**
 * Waits for the alert engine's run after the start-up refresh of a server started with
 * `seedingEnv`, the only run it makes, and returns its time. The engine shows its last run on
 * every active alert, so a probe user holds one that is never true (`price <= -1`).
 */
async function startUpEvaluation(base: string): Promise<string> {
  const coin = (await coinIds())[0] ?? '';
  const probe = await signUp(base, `outbox-probe-${randomBytes(3).toString('hex')}@example.test`);
  await probe.post('/api/v2/alerts/', {
    coin_id: coin,
    left: price,
    op: '<=',
    right: { type: 'value', value: -1 },
  });
  return waitFor(
    "the alert engine's run after the start-up refresh",
    async () => (await probe.get<AlertList>('/api/v2/alerts/')).results[0]?.evaluation?.at,
    90_000,
  );
}

async function coinIds(): Promise<string[]> {
  const lines = (await readFile(coinsTxt, 'utf8')).split('\n').filter((l) => l && !l.startsWith('#'));
  return lines.slice(0, perUser).map((l) => l.split('|')[0] ?? '');
}

/**
 * Users with a webhook channel each and 60 alerts that are true at once. Checks from the alerts'
 * owners that none fired and the engine has not run since `evaluatedAt` while they were written.
 */
async function seed(bases: string[], hookUrl: string, evaluatedAt: string): Promise<void> {
  const coins = await coinIds();
  const owners: Caller[] = [];
  for (let u = 0; u < users; u++) {
    const base = bases[u % bases.length] ?? '';
    const owner = await signUp(base, `outbox-${u}-${randomBytes(3).toString('hex')}@example.test`);
    owners.push(owner);
    await owner.post('/api/v2/notification-channels/', {
      kind: 'webhook',
      preset: 'json',
      name: 'Hook',
      url: hookUrl,
    });
    for (const coin of coins) {
      await owner.post('/api/v2/alerts/', {
        coin_id: coin,
        left: price,
        op: '>=',
        right: { type: 'value', value: 0 },
      });
    }
  }
  const seeded = (await Promise.all(owners.map((o) => o.get<AlertList>('/api/v2/alerts/')))).flatMap(
    (list) => list.results,
  );
  expect(seeded).toHaveLength(total);
  expect(seeded.filter((a) => a.last_triggered_at !== null).map((a) => a.coin_id)).toEqual([]);
  expect(new Set(seeded.map((a) => a.evaluation?.at))).toEqual(new Set([evaluatedAt]));
}

/** Stops a seeding server the way an operator does (SIGTERM): it closes its data and lock. */
async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

beforeAll(async () => {
  main = await bundleForChild(mainTs);
});

afterAll(async () => {
  await main?.remove();
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await s.exited;
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// The suite runs once on PGlite and once on PostgreSQL: each pass pays for one of these.
describe.skipIf(adminUrl)('outbox across kill -9 of the server (PGlite)', () => {
  it('delivers every notification at least once and repeats only the sends in flight at the kill', async () => {
    const answered = new Map<string, number>();
    const receiver = await startFakeWebhookReceiver(() => ({ status: 200, delayMs: 150 }));
    const dataDir = await mkdtemp(join(tmpdir(), 'el-outbox-kill-'));
    dirs.push(dataDir);
    try {
      const env = { DATA_DIR: dataDir };
      const seeding = await start({ ...env, ...seedingEnv });
      await seed([seeding.base], `${receiver.url}/hook`, await startUpEvaluation(seeding.base));
      await stop(seeding);
      expect(receiver.hooks).toEqual([]);
      // Its start-up refresh fires all 120; kill -9 once a quarter have been received.
      const first = await start(env);
      await waitFor(
        'deliveries to start',
        () => (receiver.hooks.length >= total / 4 ? true : undefined),
        90_000,
        50,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();
      for (const h of receiver.hooks) answered.set(String(h.headers['idempotency-key']), h.at);
      // Mid-delivery: some notifications had arrived and some had not.
      expect(answered.size).toBeGreaterThanOrEqual(total / 4);
      expect(answered.size).toBeLessThan(total);

      await start(env);
      const keys = () => new Set(receiver.hooks.map((h) => String(h.headers['idempotency-key'])));
      await waitFor(
        'every delivery after the restart',
        () => (keys().size >= total ? true : undefined),
        90_000,
      );
      await new Promise((r) => setTimeout(r, 1_500)); // nothing more may arrive

      const counts = new Map<string, number>();
      for (const h of receiver.hooks) {
        const key = String(h.headers['idempotency-key']);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(total);
      const repeated = [...counts].filter(([, n]) => n > 1).map(([k]) => k);
      expect([...counts.values()].every((n) => n <= 2)).toBe(true);
      expect(repeated.length).toBeLessThan(total);
      // A repeat is always a send that had reached the receiver before the kill (its outcome was
      // lost with the process); every key carries `<notification>:<channel>`.
      for (const key of repeated) expect(answered.get(key)).toBeLessThanOrEqual(killedAt);
      for (const key of counts.keys()) expect(key).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
    } finally {
      await receiver.close();
    }
  }, 180_000);
});

describe.skipIf(!adminUrl)('outbox with two server processes on one PostgreSQL', () => {
  const dbName = `t_outbox_${randomBytes(6).toString('hex')}`;
  const sharedSecret = randomBytes(32).toString('base64url');
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(dbName)}`);
  });
  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await s.exited;
    }
    await admin?.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin?.end();
  });

  it('sends each delivery exactly once while both processes run the worker', async () => {
    const receiver = await startFakeWebhookReceiver(() => ({ status: 200, delayMs: 20 }));
    try {
      const databaseUrl = withDatabase(adminUrl, dbName);
      const make = async (name: string, env: Record<string, string> = {}) => {
        const dataDir = await mkdtemp(join(tmpdir(), `el-outbox-${name}-`));
        dirs.push(dataDir);
        // Processes behind one balancer share SESSION_SECRET (CSRF tokens and channel secrets).
        return start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: sharedSecret, ...env });
      };
      // Started alone, the seeding process holds the job leader lock (its one evaluation shows
      // it ran the engine) until it stops: a and b cannot refresh or evaluate before that.
      const seeding = await make('seeding', seedingEnv);
      const evaluatedAt = await startUpEvaluation(seeding.base);
      const a = await make('a');
      const b = await make('b');
      await seed([a.base, b.base], `${receiver.url}/hook`, evaluatedAt);
      expect(receiver.hooks).toEqual([]);
      // a or b takes the lock within its one-second refresh; that refresh fires all 120.
      await stop(seeding);
      const keys = () => new Set(receiver.hooks.map((h) => String(h.headers['idempotency-key'])));
      await waitFor('every delivery', () => (keys().size >= total ? true : undefined), 90_000);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(keys().size).toBe(total);
      expect(receiver.hooks).toHaveLength(total);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      // The rows are marked delivered a group at a time after the sends; wait for the last group.
      const statuses = async () =>
        (
          await db.query<{ status: string; n: string }>(
            'select status, count(*) as n from notification_deliveries group by status order by status',
          )
        ).rows.map((r) => [r.status, Number(r.n)]);
      const settled = await waitFor(
        'every row marked delivered',
        async () => {
          const now = await statuses();
          return now.length === 1 && now[0]?.[0] === 'delivered' ? now : undefined;
        },
        30_000,
      ).catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${JSON.stringify(await statuses())}`);
      });
      await db.end();
      expect(settled).toEqual([['delivered', total]]);
      expect(receiver.hooks).toHaveLength(total);
      for (const s of [a, b]) s.child.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
    } finally {
      await receiver.close();
    }
  }, 180_000);
});
