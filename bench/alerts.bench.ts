// Alert engine tick beside the bare indicator computation it is built on, and server
// memory per open SSE stream, in the same run. Needs `npm run build` first for the SSE part.
// Each tick runs twice, on two databases seeded alike: the engine as it is and its earlier,
// unbatched path (its internal `previousPath` option), one after the other, so both figures
// come from the same machine at the same moment.
//   node --import tsx bench/alerts.bench.ts      the engine part alone
//   BENCH_ALERTS, BENCH_COINS: the size; BENCH_CHANNELS=0: users without delivery channels;
//   BENCH_PREVIOUS=0: skip the earlier path; BENCH_DATABASE_URL=postgres://…: on PostgreSQL;
//   BENCH_ALERTS_FILLFACTOR=100: the alerts table packed full, as before the schema left room per page

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AlertOperand, CoinMarket } from '@app/contracts';
import { computeIndicatorSnapshot, requiredIndicators } from '@app/core';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { createMemoryEventBus } from '../apps/server/src/events/event-bus.ts';
import { createAlertEngine, historyDaysFor } from '../apps/server/src/modules/alerts/index.ts';
import type { MarketReader } from '../apps/server/src/modules/market/index.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { scratchDatabase } from './lib/scratch-database.ts';
import { signedInCookie } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const alertCount = Number(process.env.BENCH_ALERTS ?? 100_000);
const coinCount = Number(process.env.BENCH_COINS ?? 1_000);
const streamCount = Number(process.env.BENCH_STREAMS ?? 5_000);
const withChannels = process.env.BENCH_CHANNELS !== '0';
const withPrevious = process.env.BENCH_PREVIOUS !== '0';
/** A trial of a storage setting the schema does not have: free room on each page of alerts. */
const fillfactor = process.env.BENCH_ALERTS_FILLFACTOR ? Number(process.env.BENCH_ALERTS_FILLFACTOR) : null;
const historyDays = 400;

const ind = (metric: AlertOperand['metric'] & string, period: number | null = null): AlertOperand =>
  ({ type: 'indicator', metric, params: { period }, value: null }) as AlertOperand;
const val = (value: number): AlertOperand => ({
  type: 'value',
  metric: null,
  params: { period: null },
  value,
});

/** A realistic mix: price levels, RSI bands, EMA/SMA crosses, MACD zero crosses, a few periods each. */
function alertFor(i: number, price: number): { left: AlertOperand; op: string; right: AlertOperand } {
  switch (i % 6) {
    case 0:
      return { left: ind('price'), op: '>=', right: val(price * (0.9 + (i % 20) / 100)) };
    case 1:
      return { left: ind('rsi', [14, 7, 21][i % 3] ?? 14), op: '<=', right: val(30) };
    case 2:
      return { left: ind('ema', [20, 50][i % 2] ?? 50), op: 'crosses_above', right: ind('sma', 200) };
    case 3:
      return { left: ind('macd_histogram'), op: 'crosses_above', right: val(0) };
    case 4:
      return { left: ind('price'), op: 'crosses_below', right: ind('sma', [50, 100][i % 2] ?? 50) };
    default:
      return { left: ind('macd'), op: '>=', right: ind('macd_signal') };
  }
}

function syntheticMarket(): {
  reader: MarketReader;
  closes: Map<string, number[]>;
  prices: Map<string, number>;
} {
  const closes = new Map<string, number[]>();
  const prices = new Map<string, number>();
  for (let c = 0; c < coinCount; c++) {
    const base = 1 + c * 3.7;
    const series = Array.from(
      { length: historyDays },
      (_, d) => base * (1 + 0.2 * Math.sin(d / (15 + (c % 7))) + 0.05 * Math.sin(d / 3 + c)),
    );
    closes.set(`coin-${c}`, series);
    prices.set(`coin-${c}`, (series.at(-1) ?? base) * 1.01);
  }
  const quote = (id: string, price: number) => ({ id, current_price: price }) as CoinMarket;
  const reader: MarketReader = {
    async getQuotes(ids) {
      return new Map(
        ids.flatMap((id) => (prices.has(id) ? [[id, quote(id, prices.get(id) ?? 0)] as const] : [])),
      );
    },
    async getCoin(id) {
      return prices.has(id) ? quote(id, prices.get(id) ?? 0) : null;
    },
    async getDailyCloses(id, days) {
      const series = (closes.get(id) ?? []).slice(-days);
      return { closes: series, timestamps: series.map((_, i) => i) };
    },
    async getUsdRates() {
      return { usd: 1 };
    },
    describe: () => ({ source: 'coingecko', mode: 'live', as_of: new Date().toISOString(), stale: false }),
  };
  return { reader, closes, prices };
}

async function seed(database: Database, prices: Map<string, number>): Promise<void> {
  const users = Math.ceil(alertCount / 100);
  await database.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'bench-' || g || '@example.test', 'bench', 'x' from generate_series(1, ${users}) g`);
  const ids = (await database.db.execute(sql`select id from users order by email`)) as unknown as {
    rows: { id: string }[];
  };
  const batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await database.db.execute(
      sql.raw(`insert into alerts (user_id, coin_id, "left", op, "right") values ${batch.join(',')}`),
    );
    batch.length = 0;
  };
  for (let i = 0; i < alertCount; i++) {
    const coin = `coin-${i % coinCount}`;
    const a = alertFor(Math.floor(i / coinCount), prices.get(coin) ?? 1);
    const user = ids.rows[Math.floor(i / 100)]?.id;
    const q = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'`;
    batch.push(`('${user}', '${coin}', ${q(a.left)}::jsonb, '${a.op}', ${q(a.right)}::jsonb)`);
    if (batch.length === 2_000) await flush();
  }
  await flush();
  if (withChannels) await seedChannels(database);
}

/**
 * Delivery settings like a real user base's: a third of the users with an email channel, one in
 * ten with a webhook too, one in fifteen of those failing; quiet hours for one in eight, a daily
 * digest for one in twenty, so the outbox rows of every kind are written.
 */
async function seedChannels(database: Database): Promise<void> {
  await database.db.execute(sql`
    with u as (select id, row_number() over (order by email) as r from users)
    insert into notification_channels (user_id, kind, preset, name, secret_hint, status, last_error)
    select id, 'email', null, 'Email', '', 'ok', null from u where r % 3 = 0
    union all
    select id, 'webhook', 'discord', 'Discord', 'https://discord.com/…', case when r % 150 = 0 then 'failing' else 'ok' end,
      case when r % 150 = 0 then 'HTTP 404' end
    from u where r % 10 = 0`);
  await database.db.execute(sql`
    with u as (select id, row_number() over (order by email) as r from users)
    insert into notification_preferences (user_id, time_zone, quiet_start, quiet_end, digest)
    select id, 'Europe/Paris', case when r % 8 = 0 then '22:00' end, case when r % 8 = 0 then '07:00' end,
      r % 20 = 0
    from u where r % 8 = 0 or r % 20 = 0`);
}

const count = async (database: Database, table: 'notifications' | 'notification_deliveries') =>
  Number(
    (
      (await database.db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as {
        rows: { n: number | string }[];
      }
    ).rows[0]?.n ?? 0,
  );

interface Side {
  database: Database;
  drop: () => Promise<void>;
  engine: ReturnType<typeof createAlertEngine>;
}

async function openSide(
  name: string,
  reader: MarketReader,
  prices: Map<string, number>,
  previousPath: boolean,
): Promise<Side> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? await scratchDatabase(adminUrl, `bench_alerts_${name}`) : null;
  const database = scratch ? await openPostgres(scratch.url) : await openPglite();
  await migrateDatabase(database);
  if (fillfactor !== null)
    await database.db.execute(sql.raw(`alter table alerts set (fillfactor = ${fillfactor})`));
  await seed(database, prices);
  const engine = createAlertEngine({
    db: database.db,
    market: reader,
    bus: createMemoryEventBus(),
    clock: () => new Date(),
    publicUrl: 'http://127.0.0.1:3000',
    previousPath,
  });
  return {
    database,
    engine,
    drop: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}

/** One tick with this process's CPU time beside its wall time (the database runs in it on PGlite). */
async function timedTick(side: Side) {
  const cpu = process.cpuUsage();
  const result = await side.engine.tick();
  const used = process.cpuUsage(cpu);
  const [notifications, deliveries] = [
    await count(side.database, 'notifications'),
    await count(side.database, 'notification_deliveries'),
  ];
  return {
    ...result,
    cpuMs: (used.user + used.system) / 1000,
    notificationsTotal: notifications,
    deliveries,
  };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export async function benchAlertEngine(): Promise<void> {
  const loadBefore = load();
  const { reader, prices, closes } = syntheticMarket();
  const sides: { now: Side; previous: Side | null } = {
    now: await openSide('now', reader, prices, false),
    previous: withPrevious ? await openSide('prev', reader, prices, true) : null,
  };
  try {
    // Baseline: only the indicator maths the tick needs, each (coin, metric, period) once.
    const active = Array.from({ length: alertCount }, (_, i) => ({
      coin_id: `coin-${i % coinCount}`,
      ...alertFor(Math.floor(i / coinCount), 1),
    }));
    const requests = requiredIndicators(active);
    const days = historyDaysFor(active);
    const t0 = performance.now();
    let computed = 0;
    for (const [coin, reqs] of requests) {
      computeIndicatorSnapshot((closes.get(coin) ?? []).slice(-days), prices.get(coin) ?? 0, reqs);
      computed += reqs.length;
    }
    const baselineMs = performance.now() - t0;

    const steps: { run: string; before?: () => void }[] = [
      { run: 'tick 1 (first sight)' }, // every alert seen for the first time: most states written
      {
        run: 'tick 2 (price −3%)',
        before: () => {
          for (const [coin, p] of prices) prices.set(coin, p * 0.97); // a market move
        },
      },
      { run: 'tick 3 (no change)' }, // nothing moved: steady state
    ];
    const rows: Record<string, string>[] = [
      {
        run: 'baseline: indicators only',
        'previous ms': '',
        'now ms': baselineMs.toFixed(0),
        'previous CPU ms': '',
        'now CPU ms': '',
        detail: `${computed} computations`,
      },
    ];
    for (const step of steps) {
      step.before?.();
      const previous = sides.previous ? await timedTick(sides.previous) : null;
      const now = await timedTick(sides.now);
      if (
        previous &&
        (previous.notificationsTotal !== now.notificationsTotal || previous.deliveries !== now.deliveries)
      )
        throw new Error(`the two paths wrote different rows at ${step.run}`);
      rows.push({
        run: step.run,
        'previous ms': previous ? previous.ms.toFixed(0) : '–',
        'now ms': now.ms.toFixed(0),
        'previous CPU ms': previous ? previous.cpuMs.toFixed(0) : '–',
        'now CPU ms': now.cpuMs.toFixed(0),
        detail: `${now.evaluated} evaluated, ${now.fired} fired; ${now.deliveries} outbox rows so far`,
      });
    }
    const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nalert engine — ${alertCount.toLocaleString()} active alerts over ${coinCount} coins, ${db}, ` +
        `${withChannels ? 'a third of the users with delivery channels' : 'no delivery channels'}` +
        (fillfactor !== null ? `, alerts at fillfactor ${fillfactor} (not the schema's 70)` : ''),
    );
    console.table(rows);
    console.log(
      `${new Date().toISOString()}, ${cpus().length} cores, node ${process.version}; load average ` +
        `${loadBefore} before, ${load()} after. "previous" is the earlier unbatched path, run in turn ` +
        'with this one; CPU is this process (on PGlite the database runs inside it).',
    );
  } finally {
    await sides.previous?.drop();
    await sides.now.drop();
  }
}

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

export async function benchSseMemory(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sse-'));
  const port = await freePort();
  const app = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health-check`);
    const cookie = await signedInCookie(base);
    const pid = app.pid ?? 0;
    // Baseline: the same number of plain requests first, so JIT, pools and caches are warm.
    for (let i = 0; i < 200; i++) await fetch(`${base}/api/v2/notifications/`, { headers: { cookie } });
    global.gc?.();
    await new Promise((r) => setTimeout(r, 1_000));
    const before = rssKb(pid);
    let open = 0;
    await new Promise<void>((resolve, reject) => {
      for (let i = 0; i < streamCount; i++) {
        const req = http.get(`${base}/api/v2/events/stream`, { agent, headers: { cookie } }, (res) => {
          res.on('error', reject);
          res.once('data', () => {
            open += 1;
            if (open === streamCount) resolve();
          });
        });
        req.on('error', reject);
        requests.push(req);
      }
    });
    await new Promise((r) => setTimeout(r, 2_000));
    const after = rssKb(pid);
    console.log(`\nSSE streams — ${streamCount.toLocaleString()} open on one process`);
    console.table([
      { state: 'baseline: idle server after 200 requests', rss_mb: (before / 1024).toFixed(1) },
      { state: `${streamCount} streams open`, rss_mb: (after / 1024).toFixed(1) },
      { state: 'per stream', rss_mb: `${((after - before) / streamCount).toFixed(1)} kB` },
    ]);
  } finally {
    for (const req of requests) req.destroy();
    agent.destroy();
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAlerts(): Promise<void> {
  await benchAlertEngine();
  try {
    await benchSseMemory();
  } catch (error) {
    // Report and go on: a refused stream (file-descriptor limits, say) is a figure, not a crash.
    console.log(`\nSSE streams: could not hold ${streamCount} streams open: ${String(error)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAlertEngine();
