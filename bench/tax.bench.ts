// The realized-gains report (GET /api/v2/tax/report/) under each tax rule, and returns (TWR, MWR
// for 1M..ALL, GET /api/v2/returns/), for one user with 10,000 transactions over 100 coins and
// 3 years, against GET /api/v2/dashboard/ on the same data in the same run; on PGlite (and on
// PostgreSQL with BENCH_TAX_DATABASES=pglite,postgres).
//
// Data: the user and portfolio are made over HTTP; transactions and 3 years of daily closes are
// written with bulk SQL while the server is stopped (the same generator as dashboard.bench.ts:
// mostly buys, some sells of 30 % of what is held, prices in usd).
//
// cold = the first request of a fresh server process (started per case, once it has gone idle):
//        no ledger, tax computation or JIT state in memory.
// warm = repeated requests on one running process (the computation is cached per portfolio
//        revision and rule, so a warm report re-filters and formats one tax year).
// Run: npm run build, then node --import tsx bench/tax.bench.ts (BENCH_TAX_SIZE, BENCH_WARM_SAMPLES,
// BENCH_TAX_DATABASES, BENCH_POSTGRES_URL).
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, pgliteDatabase, postgresDatabase, type Run } from './lib/databases.ts';
import { startIdleServer } from './lib/idle-server.ts';
import { signedInJsonHeaders } from './lib/session.ts';

const size = Number(process.env.BENCH_TAX_SIZE ?? 10_000);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 20);
const databases = (process.env.BENCH_TAX_DATABASES ?? 'pglite').split(',');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const coinCount = 100;
const years = 3;
const dayMs = 86_400_000;
const rules = ['none', 'us', 'de', 'uk', 'custom'] as const;
const today = Math.floor(Date.now() / dayMs) * dayMs;
const firstDay = today - (years * 365 + 2) * dayMs;
const reportYear = new Date(today).getUTCFullYear() - 1;

type Target = BenchDatabase;
interface Client {
  url: string;
  headers: Record<string, string>;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function call(c: Client, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${c.url}${path}`, {
    method,
    headers: c.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

async function timed(c: Client, path: string): Promise<number> {
  const start = performance.now();
  await call(c, 'GET', path);
  return performance.now() - start;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
}
function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? Number.NaN;
}

const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

async function seed(run: Run, portfolioId: string, coins: string[]): Promise<void> {
  const rand = random(42);
  const end = today - dayMs;
  const start = end - years * 365 * dayMs;
  const held = new Map<string, number>();
  const cols = {
    coin: [] as string[],
    type: [] as string[],
    q: [] as string[],
    p: [] as string[],
    f: [] as string[],
    at: [] as string[],
  };
  for (let i = 0; i < size; i++) {
    const coin = coins[i % coins.length] ?? 'bitcoin';
    const at = start + Math.floor((i / size) * (end - start)) + Math.floor(rand() * 3_600_000);
    const have = held.get(coin) ?? 0;
    const sell = have > 2 && rand() < 0.3;
    const quantity = sell ? Math.floor(have * 0.3 * 1000) / 1000 : Math.floor((1 + rand() * 9) * 1000) / 1000;
    held.set(coin, have + (sell ? -quantity : quantity));
    cols.coin.push(coin);
    cols.type.push(sell ? 'sell' : 'buy');
    cols.q.push(quantity.toFixed(3));
    cols.p.push((1 + rand() * 1000).toFixed(4));
    cols.f.push((rand() * 2).toFixed(2));
    cols.at.push(new Date(at).toISOString());
  }
  await run(
    `insert into transactions (user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee, executed_at)
     select p.user_id, p.id, u.c, u.t, u.q, u.p, u.f, u.e
     from portfolios p,
          unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::timestamptz[]) as u(c, t, q, p, f, e)
     where p.id = $1`,
    [
      portfolioId,
      arrayLiteral(cols.coin),
      arrayLiteral(cols.type),
      arrayLiteral(cols.q),
      arrayLiteral(cols.p),
      arrayLiteral(cols.f),
      arrayLiteral(cols.at),
    ],
  );
  await run('update portfolios set revision = revision + 1 where id = $1', [portfolioId]);
  const closes = random(7);
  for (const coin of coins) {
    const days: string[] = [];
    const values: number[] = [];
    let price = 1 + closes() * 1000;
    for (let day = firstDay; day < today; day += dayMs) {
      price *= Math.exp((closes() - 0.5) * 0.08);
      days.push(new Date(day).toISOString().slice(0, 10));
      values.push(price);
    }
    await run(
      // The bench server runs MARKET_DATA=snapshot (demo mode), which reads demo rows only.
      `insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
       select $1, 'usd', u.d, u.x, u.x, u.x, u.x, 'demo', now() from unnest($2::date[], $3::float8[]) as u(d, x)
       on conflict (coin_id, vs_currency, day) do update set close = excluded.close`,
      [coin, arrayLiteral(days), arrayLiteral(values)],
    );
  }
}

async function benchTarget(target: Target): Promise<void> {
  let client: Client;
  let portfolioId: string;
  let coins: string[];
  {
    const server = await startIdleServer(target.dataDir, target.env);
    try {
      client = { url: server.url, headers: await signedInJsonHeaders(server.url) };
      portfolioId = ((await call(client, 'POST', '/api/v2/portfolios/', { name: 'Bench' })) as { id: string })
        .id;
      const market = (await call(
        client,
        'GET',
        `/api/v2/cryptocurrencies/market_select/?limit=${coinCount}`,
      )) as {
        cryptocurrencies: { id: string }[];
      };
      coins = market.cryptocurrencies.map((c) => c.id).slice(0, coinCount);
      // FIFO: every rule with lots has real lots to match (average falls back to FIFO anyway).
      await call(client, 'PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    } finally {
      await server.stop();
    }
  }
  const seeded = performance.now();
  await target.withSql((run) => seed(run, portfolioId, coins));
  console.log(
    `${target.label}: seeded ${size.toLocaleString('en-US')} transactions over ${coins.length} coins and 3 years of daily closes in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const report = `/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${reportYear}`;
  const cases: { label: string; rule: (typeof rules)[number]; path: string }[] = [
    {
      label: 'dashboard',
      rule: 'none',
      path: `/api/v2/dashboard/?portfolio_id=${portfolioId}&metrics=holdings,roi,capital,cost_basis,positions`,
    },
    ...rules.map((rule) => ({ label: `report ${reportYear}, rule ${rule}`, rule, path: report })),
    {
      label: 'returns (TWR, MWR, 1M..ALL)',
      rule: 'none' as const,
      path: `/api/v2/returns/?portfolio_id=${portfolioId}&explain=ALL`,
    },
  ];
  const results: { label: string; cold: number; warm: number[] }[] = [];
  for (const c of cases) {
    const server = await startIdleServer(target.dataDir, target.env);
    const cl = { ...client, url: server.url };
    try {
      await call(cl, 'PATCH', '/api/v2/tax/settings/', { rule: c.rule, custom_threshold_days: 200 });
      const cold = await timed(cl, c.path);
      const warm: number[] = [];
      for (let i = 0; i < warmSamples; i++) warm.push(await timed(cl, c.path));
      results.push({ label: c.label, cold, warm });
    } finally {
      await server.stop();
    }
  }
  const dashWarm = median(results[0]?.warm ?? []);
  console.log(
    `\n${target.label}, ${size.toLocaleString('en-US')} transactions, ${coinCount} coins, ${years} years (ms):`,
  );
  console.log('case                                  cold   warm median   warm p95   warm ÷ dashboard');
  for (const r of results) {
    const w = median(r.warm);
    console.log(
      `${r.label.padEnd(36)} ${r.cold.toFixed(0).padStart(6)} ${w.toFixed(1).padStart(13)} ${p95(r.warm).toFixed(1).padStart(10)} ${(w / dashWarm).toFixed(2).padStart(18)}`,
    );
  }
}

export async function benchTax(): Promise<void> {
  for (const db of databases) {
    const target = db === 'postgres' ? await postgresDatabase('tax', adminUrl) : pgliteDatabase('tax');
    if (!target) continue;
    try {
      await benchTarget(target);
    } finally {
      await target.dispose();
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchTax();
