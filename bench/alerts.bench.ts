// Alert engine tick beside the bare indicator computation it is built on, and server
// memory per open SSE stream, in the same run. Needs `npm run build` first for the SSE part.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
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
}

export async function benchAlertEngine(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? await scratchDatabase(adminUrl, 'bench_alerts') : null;
  const url = scratch?.url;
  const database = url ? await openPostgres(url) : await openPglite();
  await migrateDatabase(database);
  try {
    const { reader, prices, closes } = syntheticMarket();
    await seed(database, prices);
    const bus = createMemoryEventBus();
    const engine = createAlertEngine({ db: database.db, market: reader, bus, clock: () => new Date() });

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

    const first = await engine.tick(); // every alert seen for the first time: most states written
    for (const [coin, p] of prices) prices.set(coin, p * 0.97); // a market move
    const second = await engine.tick();
    const third = await engine.tick(); // nothing moved: steady state

    const db = url ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nalert engine — ${alertCount.toLocaleString()} active alerts over ${coinCount} coins, ${db}`,
    );
    console.table([
      { run: 'baseline: indicators only', ms: baselineMs.toFixed(0), detail: `${computed} computations` },
      {
        run: 'tick 1 (first sight)',
        ms: first.ms.toFixed(0),
        detail: `${first.evaluated} evaluated, ${first.fired} fired`,
      },
      {
        run: 'tick 2 (price −3%)',
        ms: second.ms.toFixed(0),
        detail: `${second.evaluated} evaluated, ${second.fired} fired`,
      },
      {
        run: 'tick 3 (no change)',
        ms: third.ms.toFixed(0),
        detail: `${third.evaluated} evaluated, ${third.fired} fired`,
      },
    ]);
  } finally {
    await database.close();
    await scratch?.drop();
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
