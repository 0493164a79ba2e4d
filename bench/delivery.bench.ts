// Alert delivery throughput: 10,000 notifications fired at 1,000/s, fanned out through
// the outbox to generic JSON webhooks on a fake receiver (its own process on 127.0.0.1). Prints
// deliveries per second and the latency added between firing and arrival (p50/p99); baseline in
// the same run: the same 10,000 POSTs sent straight from the webhook sender, with no outbox.
//   npm run bench:delivery     (BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL)

import { type ChildProcess, spawn } from 'node:child_process';
import type { DeliveryMessage } from '@app/contracts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { notifications } from '../apps/server/src/db/schema/index.ts';
import { createMemoryEventBus } from '../apps/server/src/events/event-bus.ts';
import {
  buildWebhookRequest,
  createDeliveryWorker,
  createDispatcher,
  createSecretBox,
  createWebhookSender,
  fanOutDeliveries,
} from '../apps/server/src/modules/delivery/index.ts';
import { scratchDatabase } from './lib/scratch-database.ts';

const total = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const ratePerSecond = Number(process.env.BENCH_RATE ?? 1_000);
const userCount = 100;
const tickMs = 100;
const secret = 'bench-secret-bench-secret-bench-secret-0123';

/** The receiver: answers 200 at once and records (arrival ms, fired_at ms) per request. */
const receiverSource = `
const http = require('node:http');
const seen = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    if (req.url === '/stats') { res.end(JSON.stringify(seen)); return; }
    if (req.url === '/reset') { seen.length = 0; res.end('{}'); return; }
    const at = Date.now();
    let fired = at;
    try { fired = Date.parse(JSON.parse(body).fired_at) || at; } catch {}
    seen.push([at, fired, req.headers['idempotency-key'] || '']);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\\n'));
`;

async function startReceiver(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', receiverSource], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function stats(url: string): Promise<[number, number, string][]> {
  return (await fetch(`${url}/stats`)).json() as Promise<[number, number, string][]>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summarise(rows: [number, number, string][], startedAt: number) {
  const latencies = rows.map(([at, fired]) => at - fired).sort((a, b) => a - b);
  const perSecond = new Map<number, number>();
  for (const [at] of rows) {
    const s = Math.floor((at - startedAt) / 1000);
    perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
  }
  const last = rows.reduce((m, [at]) => Math.max(m, at), startedAt);
  return {
    delivered: rows.length,
    distinct: new Set(rows.map((r) => r[2])).size,
    seconds: (last - startedAt) / 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    perSecond: [...perSecond].sort((a, b) => a[0] - b[0]).map(([, n]) => n),
  };
}

/** 100 users, each with one generic JSON webhook channel to the receiver (secret sealed as the app does). */
async function seed(database: Database, hookUrl: string): Promise<string[]> {
  const box = createSecretBox(secret);
  const users: string[] = [];
  for (let u = 0; u < userCount; u++) {
    const rows = (await database.db.execute(
      `insert into users (email, username, password_hash) values ('bench-${u}@example.test', 'bench', 'x') returning id`,
    )) as unknown as { rows: { id: string }[] };
    const userId = rows.rows[0]?.id ?? '';
    users.push(userId);
    const channelId = crypto.randomUUID();
    await database.db.execute(
      `insert into notification_channels (id, user_id, kind, preset, name, secret, secret_hint)
       values ('${channelId}', '${userId}', 'webhook', 'json', 'Hook',
         decode('${Buffer.from(box.seal(JSON.stringify({ url: `${hookUrl}/hook` }), channelId)).toString('hex')}', 'hex'), '')`,
    );
  }
  return users;
}

async function baseline(hookUrl: string): Promise<ReturnType<typeof summarise>> {
  const sender = createWebhookSender({ allowPrivate: true, timeoutMs: 10_000 });
  const startedAt = Date.now();
  let next = 0;
  const message = (i: number): DeliveryMessage => ({
    kind: 'alert',
    title: 'Bench alert',
    body: `Bench ${i}`,
    coin_id: 'bitcoin',
    url: null,
    fired_at: new Date().toISOString(),
    data: null,
  });
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < total) {
        const i = next++;
        await sender.send(buildWebhookRequest('json', { url: `${hookUrl}/hook` }, message(i), `base-${i}`));
      }
    }),
  );
  sender.close();
  return summarise(await stats(hookUrl), startedAt);
}

export async function benchDelivery(): Promise<void> {
  const receiver = await startReceiver();
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? await scratchDatabase(adminUrl, 'bench_delivery') : null;
  const database = scratch ? await openPostgres(scratch.url) : await openPglite();
  try {
    await migrateDatabase(database);
    const base = await baseline(receiver.url);
    await fetch(`${receiver.url}/reset`);

    const users = await seed(database, receiver.url);
    const bus = createMemoryEventBus();
    const sender = createWebhookSender({ allowPrivate: true, timeoutMs: 10_000 });
    const worker = createDeliveryWorker({
      db: database.db,
      clock: () => new Date(),
      dispatcher: createDispatcher({
        sender,
        mailer: { send: async () => {} },
        secrets: createSecretBox(secret),
      }),
      publicUrl: 'http://127.0.0.1:3000',
      bus,
      leaseMs: 25_000,
      batchSize: Number(process.env.BENCH_BATCH ?? 500),
      concurrency: Number(process.env.BENCH_CONCURRENCY ?? 64),
    });
    worker.start();

    // Fire at the target rate: every 100 ms a batch of notifications commits with its deliveries
    // (as the alert engine does), then one `notification` event wakes the worker.
    const perTick = Math.max(1, Math.round((ratePerSecond * tickMs) / 1000));
    const startedAt = Date.now();
    let fired = 0;
    let behind = 0;
    while (fired < total) {
      const due = startedAt + (fired / perTick) * tickMs;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else behind = Math.max(behind, -wait);
      const now = new Date();
      const count = Math.min(perTick, total - fired);
      const written = await database.db.transaction(async (tx) => {
        const rows = await tx
          .insert(notifications)
          .values(
            Array.from({ length: count }, (_, i) => ({
              userId: users[(fired + i) % users.length] ?? '',
              alertId: null,
              coinCoingeckoId: 'bitcoin',
              eventPayload: {
                left: {
                  type: 'indicator' as const,
                  metric: 'price' as const,
                  params: { period: null },
                  value: 101,
                },
                op: '>=' as const,
                right: { type: 'value' as const, metric: null, params: { period: null }, value: 100 },
                currency: { code: 'usd' as const, rate: 1 },
              },
              createdAt: now,
            })),
          )
          .returning({ id: notifications.id, userId: notifications.userId });
        await fanOutDeliveries(
          tx,
          rows.map((r) => ({
            id: r.id,
            userId: r.userId,
            alertId: null,
            coinId: 'bitcoin',
            payload: {
              left: { type: 'indicator', metric: 'price', params: { period: null }, value: 101 },
              op: '>=',
              right: { type: 'value', metric: null, params: { period: null }, value: 100 },
            },
            at: now,
          })),
          new Map(),
          'http://127.0.0.1:3000',
        );
        return rows;
      });
      fired += count;
      const first = written[0];
      if (first) await bus.publish({ type: 'notification', userId: first.userId, notificationId: first.id });
    }
    const firedIn = (Date.now() - startedAt) / 1000;
    const deadline = Date.now() + 120_000;
    let rows = await stats(receiver.url);
    while (rows.length < total && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      rows = await stats(receiver.url);
    }
    await worker.stop();
    sender.close();
    const outbox = summarise(rows, startedAt);

    const db = scratch ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nalert delivery — ${total.toLocaleString()} notifications fired at ${ratePerSecond}/s (fired in ${firedIn.toFixed(1)} s, ` +
        `at most ${behind.toFixed(0)} ms behind schedule) to ${userCount} webhook channels, ${db}`,
    );
    console.table([
      {
        run: 'baseline: direct POSTs, no outbox',
        delivered: base.delivered,
        seconds: base.seconds.toFixed(1),
        per_second: (base.delivered / base.seconds).toFixed(0),
        p50_ms: '',
        p99_ms: '',
      },
      {
        run: 'outbox: fired → received',
        delivered: `${outbox.delivered} (${outbox.distinct} distinct)`,
        seconds: outbox.seconds.toFixed(1),
        per_second: (outbox.delivered / outbox.seconds).toFixed(0),
        p50_ms: outbox.p50,
        p99_ms: outbox.p99,
      },
    ]);
    console.log(`deliveries per second: ${outbox.perSecond.join(', ')}`);
    console.log(`added latency max: ${outbox.max} ms (aim: p99 ≤ 2000 ms at 1,000/s)`);
  } finally {
    receiver.child.kill();
    await database.close();
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDelivery();
