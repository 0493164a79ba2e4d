// GET /api/v2/dashboard/ (current totals, every metric) and the performance chart (ALL: the 3-year
// daily portfolio-value series) for users with 0 (the baseline), 10k and 100k transactions over
// 100 coins and 3 years, with a daily close for every coin and day; on PGlite and on PostgreSQL.
//
// Data: users and portfolios are made over HTTP; transactions and 3 years of daily closes are
// written with bulk SQL (unnest) while the server is stopped, because the HTTP import of 110k
// rows takes minutes and the snapshot market carries only ~15 months of history.
//
// Every sample below is sent once the started server has gone idle (start-up work done, which
// includes loading stored daily closes into memory).
// first       = the first request of a fresh server process with nothing stored (right after the
//               bulk load, or after the stored figures were dropped: each build and each first
//               sample starts without them), so every transaction is read and costed.
// cold        = the first request of a fresh server process (restarted for every sample and case),
//               so no in-memory ledger, figures or JIT state survives; the figures stored by earlier
//               processes (portfolio_snapshots) are read; PostgreSQL keeps its own buffer cache.
// after write = the first request after a POST + DELETE of a transaction (the portfolio revision
//               moves; only the touched coin is recomputed).
// warm        = repeated requests on a running process.
// Run: npm run build, then node --import tsx bench/dashboard.bench.ts (BENCH_DASHBOARD_SIZES,
// BENCH_DASHBOARD_DATABASES=pglite,postgres, BENCH_POSTGRES_URL, BENCH_FIRST_SAMPLES (1: one first
// read per case; more drop the stored figures again before each), BENCH_COLD_SAMPLES, ...).
// Before and after in one run: BENCH_PREVIOUS_ENTRY names another build's dist/main.js (e.g. of a
// `git archive` copy of the previous commit); every case is then measured with it first and with
// this build second, on the same data. BENCH_DASHBOARD_CASES=performance leaves the dashboard out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, pgliteDatabase, postgresDatabase } from './lib/databases.ts';
import { untilIdle } from './lib/idle-server.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { signedInJsonHeaders } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sizes = (process.env.BENCH_DASHBOARD_SIZES ?? '10000,100000').split(',').map(Number);
const databases = (process.env.BENCH_DASHBOARD_DATABASES ?? 'pglite,postgres').split(',');
const coldSamples = Number(process.env.BENCH_COLD_SAMPLES ?? 3);
const firstSamples = Number(process.env.BENCH_FIRST_SAMPLES ?? 1);
const writeSamples = Number(process.env.BENCH_WRITE_SAMPLES ?? 5);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 40);
const coinCount = 100;
const years = 3;
const dayMs = 86_400_000;
const dashboardPath = '/api/v2/dashboard/?metrics=holdings,roi,capital,cost_basis,positions';
const performancePath = '/api/v2/dashboard/performance/?timeframe=ALL';
const previousEntry = process.env.BENCH_PREVIOUS_ENTRY;
const currentEntry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js');
const kinds = (process.env.BENCH_DASHBOARD_CASES ?? 'dashboard,performance').split(',');

interface Client {
  url: string;
  headers: Record<string, string>;
}

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** VmHWM: the highest resident set size of the process so far. */
  peakRssMb(): number;
  rssMb(): number;
}

type Target = BenchDatabase;

interface BenchUser {
  label: string;
  size: number;
  portfolioId: string;
  headers: Record<string, string>;
}

async function call(c: Client, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${c.url}${path}`, {
    method,
    headers: c.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.status === 204 ? null : res.json();
}

async function timed(c: Client, path: string): Promise<number> {
  const start = performance.now();
  await call(c, 'GET', path);
  return performance.now() - start;
}

function stats(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / dayMs) * dayMs;
const firstDay = today - (years * 365 + 2) * dayMs;

/** Deterministic: mostly buys, some sells of part of what is held, over 3 years ending yesterday. */
function generate(count: number, coins: string[]) {
  const rand = random(42);
  const end = today - dayMs;
  const start = end - years * 365 * dayMs;
  const held = new Map<string, number>();
  const rows = { coin: [] as string[], type: [] as string[], quantity: [] as string[] };
  const more = { price: [] as string[], fee: [] as string[], at: [] as string[] };
  for (let i = 0; i < count; i++) {
    const coin = coins[i % coins.length] ?? 'bitcoin';
    const at = start + Math.floor((i / count) * (end - start)) + Math.floor(rand() * 3_600_000);
    const have = held.get(coin) ?? 0;
    const sell = have > 2 && rand() < 0.3;
    const quantity = sell ? Math.floor(have * 0.3 * 1000) / 1000 : Math.floor((1 + rand() * 9) * 1000) / 1000;
    held.set(coin, have + (sell ? -quantity : quantity));
    rows.coin.push(coin);
    rows.type.push(sell ? 'sell' : 'buy');
    rows.quantity.push(quantity.toFixed(3));
    more.price.push((1 + rand() * 1000).toFixed(4));
    more.fee.push((rand() * 2).toFixed(2));
    more.at.push(new Date(at).toISOString());
  }
  return { ...rows, ...more };
}

/** A PostgreSQL array literal; every element here is free of commas, quotes and braces. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

async function seedTransactions(
  run: (text: string, params?: unknown[]) => Promise<unknown>,
  portfolioId: string,
  size: number,
  coins: string[],
): Promise<void> {
  const g = generate(size, coins);
  for (let i = 0; i < size; i += 10_000) {
    const part = (xs: string[]) => arrayLiteral(xs.slice(i, i + 10_000));
    await run(
      `insert into transactions (user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee, executed_at)
       select p.user_id, p.id, u.c, u.t, u.q, u.p, u.f, u.e
       from portfolios p,
            unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::timestamptz[])
              as u(c, t, q, p, f, e)
       where p.id = $1`,
      [portfolioId, part(g.coin), part(g.type), part(g.quantity), part(g.price), part(g.fee), part(g.at)],
    );
  }
  // Writes bump the revision, so no process keeps a ledger of the empty portfolio.
  await run('update portfolios set revision = revision + 1 where id = $1', [portfolioId]);
}

/** A daily close for every coin from 3 years ago to yesterday (a seeded random walk). */
async function seedCloses(run: (text: string, params?: unknown[]) => Promise<unknown>, coins: string[]) {
  const rand = random(7);
  for (const coin of coins) {
    const days: string[] = [];
    const closes: number[] = [];
    let price = 1 + rand() * 1000;
    for (let day = firstDay; day < today; day += dayMs) {
      price *= Math.exp((rand() - 0.5) * 0.08);
      days.push(utcDay(day));
      closes.push(price);
    }
    await run(
      // The bench server runs MARKET_DATA=snapshot (demo mode), which reads demo rows only.
      `insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
       select $1, 'usd', u.d, u.x, u.x, u.x, u.x, 'demo', now()
       from unnest($2::date[], $3::float8[]) as u(d, x)
       on conflict (coin_id, vs_currency, day) do update
         set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close`,
      [coin, arrayLiteral(days), arrayLiteral(closes)],
    );
  }
}

function readStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return Number.NaN;
  }
}

async function startServer(target: Target, entry = currentEntry): Promise<Server> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startProcess([...nodeArgs, entry], {
    PORT: String(port),
    DATA_DIR: target.dataDir,
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    ...target.env,
  });
  const url = `http://127.0.0.1:${port}`;
  const pid = child.pid ?? 0;
  const server: Server = {
    url,
    pid,
    stop: () => stopProcess(child),
    peakRssMb: () => readStatus(pid, 'VmHWM'),
    rssMb: () => readStatus(pid, 'VmRSS'),
  };
  try {
    await waitForHttp(`${url}/health-check`, 120_000);
    settling.push(await untilIdle(pid));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

let firstStartPeak = Number.NaN;
/** How long each started server took to go idle after its health check answered. */
const settling: number[] = [];

async function prepare(target: Target): Promise<BenchUser[]> {
  // First start: a new database (PGlite: initdb), migrations, sign-ups and portfolios over HTTP.
  const server = await startServer(target);
  const users: BenchUser[] = [];
  let coins: string[];
  try {
    const sign = async (label: string, size: number) => {
      const headers = await signedInJsonHeaders(server.url);
      const p = (await call({ url: server.url, headers }, 'POST', '/api/v2/portfolios/', {
        name: label,
      })) as {
        id: string;
      };
      users.push({ label, size, portfolioId: p.id, headers });
    };
    await sign('baseline (no transactions)', 0);
    for (const size of sizes) await sign(`${size.toLocaleString('en-US')} tx`, size);
    const market = (await call(
      { url: server.url, headers: users[0]?.headers ?? {} },
      'GET',
      `/api/v2/cryptocurrencies/market_select/?limit=${coinCount}`,
    )) as { cryptocurrencies: { id: string }[] };
    coins = market.cryptocurrencies.map((c) => c.id).slice(0, coinCount);
    firstStartPeak = server.peakRssMb();
  } finally {
    await server.stop();
  }
  const started = performance.now();
  const phases: string[] = [];
  await target.withSql(async (run) => {
    let at = performance.now();
    const lap = (label: string) => {
      phases.push(`${label} ${((performance.now() - at) / 1000).toFixed(1)} s`);
      at = performance.now();
    };
    await seedCloses(run, coins);
    lap('closes');
    for (const u of users) {
      if (u.size === 0) continue;
      await seedTransactions(run, u.portfolioId, u.size, coins);
      lap(u.label);
    }
  });
  console.log(
    `${target.label}: seeded ${sizes.map((s) => s.toLocaleString('en-US')).join(' + ')} transactions over ${coins.length} coins and ${coins.length} × ${Math.round((today - firstDay) / dayMs)} daily closes in ${((performance.now() - started) / 1000).toFixed(1)} s (bulk SQL: ${phases.join(', ')})`,
  );
  return users;
}

interface Row {
  label: string;
  /** The first request after the bulk load, or after the stored figures were dropped: nothing stored. */
  first: number[];
  cold: number[];
  write: number[];
  warm: number[];
}

async function benchTarget(target: Target): Promise<void> {
  const users = await prepare(target);
  const builds = previousEntry
    ? [
        { name: 'previous, ', entry: previousEntry },
        { name: 'now, ', entry: currentEntry },
      ]
    : [{ name: '', entry: currentEntry }];
  for (const build of builds) await benchBuild(target, users, build);
}

async function benchBuild(target: Target, users: BenchUser[], build: { name: string; entry: string }) {
  const cases = users.flatMap((u) => [
    ...(kinds.includes('dashboard') ? [{ user: u, kind: 'dashboard', path: dashboardPath }] : []),
    ...(kinds.includes('performance') ? [{ user: u, kind: 'performance ALL', path: performancePath }] : []),
  ]);
  const rows: Row[] = cases.map((c) => ({
    label: `${build.name}${c.user.label}, ${c.kind}`,
    first: [],
    cold: [],
    write: [],
    warm: [],
  }));
  let firstPeak = 0;
  let coldPeak = 0;
  let writePeak = 0;
  const idle: number[] = [];
  const settleFrom = settling.length;

  // First, then cold: a fresh process per sample and case. Each first round starts from no stored
  // figures (the build measured before this one has stored its own on the same data, and so has
  // the round before); the cold rounds read what the last first round stored.
  for (let s = 1 - firstSamples; s <= coldSamples; s++) {
    if (s <= 0) await target.withSql((run) => run('delete from portfolio_snapshots'));
    for (const [i, c] of cases.entries()) {
      const server = await startServer(target, build.entry);
      try {
        idle.push(server.rssMb());
        const ms = await timed({ url: server.url, headers: c.user.headers }, c.path);
        const row = rows[i];
        if (s <= 0) row?.first.push(ms);
        else row?.cold.push(ms);
        if (s <= 0) firstPeak = Math.max(firstPeak, server.peakRssMb());
        else coldPeak = Math.max(coldPeak, server.peakRssMb());
      } finally {
        await server.stop();
      }
    }
  }

  // After a write, then warm, on one long-running process.
  const server = await startServer(target, build.entry);
  try {
    for (const [i, c] of cases.entries()) {
      const client = { url: server.url, headers: c.user.headers };
      await timed(client, c.path);
      for (let s = 0; s < writeSamples; s++) {
        const tx = (await call(client, 'POST', '/api/v2/transactions/', {
          portfolio_id: c.user.portfolioId,
          coin_id: 'bitcoin',
          type: 'buy',
          quantity: '1',
          price_per_coin: '1',
          date: new Date(Date.now() - dayMs).toISOString(),
        })) as { id: string };
        await call(client, 'DELETE', `/api/v2/transactions/${tx.id}/`);
        rows[i]?.write.push(await timed(client, c.path));
      }
      for (let s = 0; s < warmSamples; s++) rows[i]?.warm.push(await timed(client, c.path));
    }
    writePeak = server.peakRssMb();
  } finally {
    await server.stop();
  }

  const f = (v: number) => v.toFixed(1);
  console.log(
    `\n${target.label} — first: ${firstSamples} fresh process${firstSamples === 1 ? '' : 'es'} per case with nothing stored; cold: ${coldSamples} fresh processes per case; after write: ${writeSamples}; warm: ${warmSamples} sequential requests (ms)`,
  );
  console.log(
    '| case | first (nothing stored) median | first min | cold median | cold p95 | after-write median | after-write p95 | warm median | warm p95 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const first = stats(r.first);
    const a = stats(r.cold);
    const b = stats(r.write);
    const w = stats(r.warm);
    console.log(
      `| ${r.label} | ${f(first.median)} | ${f(Math.min(...r.first))} | ${f(a.median)} | ${f(a.p95)} | ${f(b.median)} | ${f(b.p95)} | ${f(w.median)} | ${f(w.p95)} |`,
    );
  }
  const settle = stats(settling.slice(settleFrom));
  console.log(
    `A started server went idle ${f(settle.median)} ms (median; p95 ${f(settle.p95)}) after its health check answered; cold samples are sent then.`,
  );
  memory.push({
    label: `${build.name}${target.label}`,
    idle: stats(idle).median,
    firstPeak,
    coldPeak,
    writePeak,
    firstStart: firstStartPeak,
  });
}

const memory: {
  label: string;
  idle: number;
  firstPeak: number;
  coldPeak: number;
  writePeak: number;
  firstStart: number;
}[] = [];

export async function benchDashboard(): Promise<void> {
  for (const name of databases) {
    const target = name === 'postgres' ? await postgresDatabase('dash') : pgliteDatabase('dash');
    if (!target) continue;
    try {
      await benchTarget(target);
    } finally {
      await target.dispose();
    }
  }
  console.log('\nServer memory (resident set of the server process, MB)');
  console.log(
    '| database | idle after start (median) | peak, cold processes | peak, first-read processes (whole ledger read) | peak, after-write + warm process | peak, first start (new database) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const m of memory)
    console.log(
      `| ${m.label} | ${m.idle} | ${m.coldPeak} | ${m.firstPeak} | ${m.writePeak} | ${m.firstStart} |`,
    );
  console.log(
    'A first read holds every transaction of the portfolio in memory, and the ledger cache keeps it: the after-write process holds the 10k and the 100k one. A write itself reads only the coins it touches when the process holds no timeline.',
  );
  for (const build of new Set(memory.map((m) => m.label.replace(/(PGlite|PostgreSQL)$/, '')))) {
    const lite = memory.find((m) => m.label === `${build}PGlite`);
    const pgm = memory.find((m) => m.label === `${build}PostgreSQL`);
    if (lite && pgm) {
      console.log(
        `${build || 'this build: '}PGlite's fixed cost (idle PGlite − idle PostgreSQL): ${lite.idle - pgm.idle} MB; the server without the embedded database idles at ${pgm.idle} MB.`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDashboard();
