import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  alertSchema,
  notificationListResponseSchema,
  notificationStreamEventSchema,
  streamEvents,
} from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChild, type ChildBundle } from '../test/child-bundle.ts';
import { quoteIdent, withDatabase } from '../test/postgres-urls.ts';
import { closedExplorers, cookieValue, freePort, waitFor } from '../test/process-helpers.ts';

/**
 * A two-process test on PostgreSQL: one job leader, and the event reaches a client
 * connected to the other process. Unlike multi-process.test.ts (two app instances in this
 * process), these are two real server processes started as an operator would, on one fresh
 * PostgreSQL database that the first of them migrates.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const mainTs = fileURLToPath(new URL('../main.ts', import.meta.url));
let main: ChildBundle | undefined;
const password = 'two process test 42 password';
/** The job leader's pg advisory lock key (db/client.ts); one bigint key shows as classid 0, objid key, objsubid 1. */
const leaderLockKey = 7_340_002;
const leaderLog = 'job leader: this process runs the jobs';

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

interface SseEvent {
  event: string;
  data: string;
}

/** An EventSource-like reader over fetch: collects `event:`/`data:` frames and comment lines. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const reader = res.body?.getReader();
  const done = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length > 0) events.push({ event, data: data.join('\n') });
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    async close() {
      controller.abort();
      await done;
    },
  };
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const dbName = `t_2p_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  const dirs: string[] = [];
  const servers: Server[] = [];
  let admin: pg.Client;

  async function start(name: string): Promise<Server> {
    const dataDir = await mkdtemp(join(tmpdir(), `el-2p-${name}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, [main?.path ?? ''], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        MARKET_DATA: 'snapshot',
        MARKET_REFRESH_SECONDS: '2',
        LOG_LEVEL: 'info',
        // Tags every connection of this process in pg_stat_activity, so pg_locks names the leader.
        PGAPPNAME: `el-two-process-${name}`,
        ...closedExplorers,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const server = { name, base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
    servers.push(server);
    await waitFor(`${name} to be healthy`, async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}:\n${output}`);
      try {
        return (await fetch(`${server.base}/health-check`, { method: 'HEAD' })).status === 200 || undefined;
      } catch {
        return undefined; // not listening yet
      }
    });
    return server;
  }

  /** Which processes hold the leader's advisory lock on this database, by application_name. */
  async function leaderLockHolders(): Promise<string[]> {
    const result = await admin.query<{ application_name: string }>(
      `select a.application_name
         from pg_locks l
         join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted
          and l.database = (select oid from pg_database where datname = $1)
          and l.classid = 0 and l.objid = $2 and l.objsubid = 1`,
      [dbName, leaderLockKey],
    );
    return result.rows.map((r) => r.application_name);
  }

  beforeAll(async () => {
    main = await bundleForChild(mainTs);
    databaseUrl = withDatabase(adminUrl, dbName);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Empty on purpose: the first process runs the migrations, as in a real first deployment.
    await admin.query(`create database ${quoteIdent(dbName)}`);
  });

  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await s.exited;
    }
    await admin?.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin?.end();
    await main?.remove();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('elects one job leader, and its alert notification reaches a stream on the other process', async () => {
    const a = await start('a');
    const b = await start('b');
    const byName = new Map([
      [`el-two-process-${a.name}`, a],
      [`el-two-process-${b.name}`, b],
    ]);

    // Exactly one leader: one backend holds the advisory lock, and only that process says it leads.
    const holders = await waitFor('the leader lock', async () => {
      const rows = await leaderLockHolders();
      return rows.length > 0 && b.output().includes('scheduler started') ? rows : undefined;
    });
    expect(holders).toHaveLength(1);
    const leader = byName.get(holders[0] ?? '');
    if (!leader) throw new Error(`unexpected lock holder ${holders[0]}`);
    const other = leader === a ? b : a;
    await waitFor('the leader log line', () => leader.output().includes(leaderLog) || undefined);

    // A user of the non-leader, with an open event stream there.
    const anonymous = await fetch(`${other.base}/api/auth/csrf/`);
    // The anonymous token is bound to the pre-session nonce cookie; sign-up rotates it.
    const anonymousCsrf = cookieValue(anonymous, 'csrftoken');
    const nonce = cookieValue(anonymous, 'csrf_nonce');
    const signup = await fetch(`${other.base}/api/auth/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrftoken': anonymousCsrf,
        cookie: `csrftoken=${anonymousCsrf}; csrf_nonce=${nonce}`,
      },
      body: JSON.stringify({ email: 'two-process@example.test', username: 'TwoProcess', password }),
    });
    expect(signup.status).toBe(200);
    const csrf = cookieValue(signup, 'csrftoken');
    const cookie = `csrftoken=${csrf}; session=${cookieValue(signup, 'session')}`;
    const stream = await openStream(`${other.base}/api/v2/events/stream`, cookie);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    await waitFor('the stream to open', () => stream.comments.includes('connected') || undefined);

    // price >= 1 on bitcoin is true at once: the leader's engine fires on its next refresh.
    const created = await fetch(`${other.base}/api/v2/alerts/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie },
      body: JSON.stringify({
        coin_id: 'bitcoin',
        left: { type: 'indicator', metric: 'price', params: { period: null }, value: null },
        op: '>=',
        right: { type: 'value', metric: null, params: { period: null }, value: 1 },
      }),
    });
    expect(created.status).toBe(201);
    const alert = alertSchema.parse(await created.json());
    expect(alert).toMatchObject({ coin_id: 'bitcoin', op: '>=', active: true });

    const notified = await waitFor('a notification event on the non-leader stream', () =>
      stream.events.find((e) => e.event === streamEvents.notification),
    );
    const { id } = notificationStreamEventSchema.parse(JSON.parse(notified.data));
    // The leader's refreshes reach this process's stream too (LISTEN/NOTIFY).
    expect(stream.events.some((e) => e.event === streamEvents.buffers)).toBe(true);
    await stream.close();

    const listRes = await fetch(`${other.base}/api/v2/notifications/`, { headers: { cookie } });
    expect(listRes.status).toBe(200);
    const list = notificationListResponseSchema.parse(await listRes.json());
    expect(list.count).toBe(1);
    expect(list.unread_count).toBe(1);
    expect(list.results[0]).toMatchObject({ id, is_read: false, coin_coingecko_id: 'bitcoin' });
    expect(list.results[0]?.event_payload.op).toBe('>=');
    expect(list.results[0]?.event_payload.right.value).toBe(1);

    // Still one leader, the same one; only it ran the engine and claimed leadership.
    expect(await leaderLockHolders()).toEqual(holders);
    expect(leader.output()).toContain('alerts fired');
    expect(other.output()).not.toContain('alerts fired');
    expect(leader.output().split(leaderLog)).toHaveLength(2);
    expect(other.output()).not.toContain(leaderLog);

    for (const s of [a, b]) s.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    expect(await leaderLockHolders()).toEqual([]);
  }, 120_000);
});
