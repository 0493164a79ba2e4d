// All insights (GET /api/v2/insights/) against the dashboard (GET /api/v2/dashboard/, every
// metric) in the same run, for one user with 10,000 transactions over 100 coins and 3 years (a
// daily close for every coin and day), a projection with rungs and price alerts; on PGlite, then
// on PostgreSQL when one answers (a throw-away database on BENCH_POSTGRES_URL, by default
// postgres://postgres@127.0.0.1:5432/postgres). Issue 11 aims at insights ≤ 1.5 × the dashboard's time.
//
// warm        = repeated requests on a running process (each path warmed first).
// after write = the first request after a POST of one new transaction (the revision moves; only
//               the touched coin is recomputed); one write per sample per path.
// Data is written with bulk SQL while the server is stopped (like dashboard.bench.ts).
// Run: npm run build, then node --import tsx bench/insights.bench.ts
//      (BENCH_INSIGHTS_SIZE, BENCH_WARM_SAMPLES, BENCH_WRITE_SAMPLES, BENCH_METHOD=fifo|average,
//      BENCH_INSIGHTS_DATABASES=pglite,postgres, BENCH_POSTGRES_URL, BENCH_NODE_ARGS e.g. --cpu-prof).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, pgliteDatabase, postgresDatabase } from './lib/databases.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { signedInJsonHeaders } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const size = Number(process.env.BENCH_INSIGHTS_SIZE ?? 10_000);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 30);
const writeSamples = Number(process.env.BENCH_WRITE_SAMPLES ?? 5);
const method = process.env.BENCH_METHOD ?? 'fifo';
const databases = (process.env.BENCH_INSIGHTS_DATABASES ?? 'pglite,postgres').split(',');
const coinCount = 100;
const years = 3;
const dayMs = 86_400_000;
const dashboardPath = '/api/v2/dashboard/?metrics=holdings,roi,capital,cost_basis,positions';
const insightsPath = '/api/v2/insights/';

interface Client {
  url: string;
  headers: Record<string, string>;
}

async function call(c: Client, verb: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${c.url}${path}`, {
    method: verb,
    headers: c.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${verb} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.status === 204 ? null : res.json();
}

async function timed(c: Client, path: string): Promise<number> {
  const start = performance.now();
  await call(c, 'GET', path);
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const today = Math.floor(Date.now() / dayMs) * dayMs;
const firstDay = today - (years * 365 + 2) * dayMs;
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

async function seed(
  run: (text: string, params?: unknown[]) => Promise<unknown>,
  portfolioId: string,
  coins: string[],
) {
  const rand = random(42);
  const end = today - dayMs;
  const start = end - years * 365 * dayMs;
  const held = new Map<string, number>();
  const g = {
    coin: [] as string[],
    type: [] as string[],
    quantity: [] as string[],
    price: [] as string[],
    fee: [] as string[],
    at: [] as string[],
  };
  for (let i = 0; i < size; i++) {
    const coin = coins[i % coins.length] ?? 'bitcoin';
    const have = held.get(coin) ?? 0;
    const sell = have > 2 && rand() < 0.3;
    const quantity = sell ? Math.floor(have * 0.3 * 1000) / 1000 : Math.floor((1 + rand() * 9) * 1000) / 1000;
    held.set(coin, have + (sell ? -quantity : quantity));
    g.coin.push(coin);
    g.type.push(sell ? 'sell' : 'buy');
    g.quantity.push(quantity.toFixed(3));
    g.price.push((1 + rand() * 1000).toFixed(4));
    g.fee.push((rand() * 2).toFixed(2));
    g.at.push(new Date(start + Math.floor((i / size) * (end - start))).toISOString());
  }
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
  await run('update portfolios set revision = revision + 1 where id = $1', [portfolioId]);
  const walk = random(7);
  for (const coin of coins) {
    const days: string[] = [];
    const closes: number[] = [];
    let price = 1 + walk() * 1000;
    for (let day = firstDay; day < today; day += dayMs) {
      price *= Math.exp((walk() - 0.5) * 0.08);
      days.push(new Date(day).toISOString().slice(0, 10));
      closes.push(price);
    }
    await run(
      `insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
       select $1, 'usd', u.d, u.x, u.x, u.x, u.x, 'demo', now()
       from unnest($2::date[], $3::float8[]) as u(d, x)
       on conflict (coin_id, vs_currency, day) do update
         set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close`,
      [coin, arrayLiteral(days), arrayLiteral(closes)],
    );
  }
}

async function startServer(database: BenchDatabase) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startProcess([...nodeArgs, join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: database.dataDir,
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    ...database.env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health-check`, 120_000);
  // Let start-up work (first market refresh, closes preload) finish before timing.
  await new Promise((r) => setTimeout(r, 3000));
  return { url, stop: () => stopProcess(child) };
}

interface Figures {
  label: string;
  first: { dashboard: number; insights: number };
  warm: { dashboard: number; insights: number };
  write: { dashboard: number; insights: number };
}

async function benchDatabase(database: BenchDatabase): Promise<Figures> {
  let server = await startServer(database);
  let client: Client;
  let portfolioId: string;
  let coins: string[];
  try {
    client = { url: server.url, headers: await signedInJsonHeaders(server.url) };
    portfolioId = ((await call(client, 'POST', '/api/v2/portfolios/', { name: 'Bench' })) as { id: string })
      .id;
    await call(client, 'PATCH', '/api/v2/settings/', { cost_basis_method: method });
    const market = (await call(
      client,
      'GET',
      `/api/v2/cryptocurrencies/market_select/?limit=${coinCount}`,
    )) as {
      cryptocurrencies: { id: string }[];
    };
    coins = market.cryptocurrencies.map((c) => c.id).slice(0, coinCount);
    const projection = (await call(client, 'POST', '/api/v2/projections/exit-strategy/', {
      name: 'Plan',
      coin_id: coins[0],
      coin_name: coins[0],
      coin_symbol: coins[0],
      coin_image: '',
      invested_capital: '1000',
      tokens_owned: '10',
      sell_tax: '10',
    })) as { id: string };
    await call(
      client,
      'POST',
      `/api/v2/projections/exit-strategy/${projection.id}/transactions/replace/`,
      [1, 2, 3].map((i) => ({
        coins_sold: '2',
        price_per_coin: String(i * 1000),
        fees_percentage: '1',
        price_impact_percentage: '0',
        transaction_order: i,
      })),
    );
    for (const coin of coins.slice(0, 5)) {
      await call(client, 'POST', '/api/v2/alerts/', {
        coin_id: coin,
        left: { type: 'indicator', metric: 'rsi', params: { period: 14 } },
        op: '<=',
        right: { type: 'value', value: 30 },
      });
    }
  } finally {
    await server.stop();
  }
  await database.withSql((run) => seed(run, portfolioId, coins));

  server = await startServer(database);
  client = { ...client, url: server.url };
  try {
    const first = {
      dashboard: await timed(client, dashboardPath),
      insights: await timed(client, insightsPath),
    };
    const warm = { dashboard: [] as number[], insights: [] as number[] };
    for (let i = 0; i < warmSamples; i++) {
      warm.dashboard.push(await timed(client, dashboardPath));
      warm.insights.push(await timed(client, insightsPath));
    }
    const write = { dashboard: [] as number[], insights: [] as number[] };
    for (let i = 0; i < writeSamples; i++) {
      for (const [kind, path] of [
        ['dashboard', dashboardPath],
        ['insights', insightsPath],
      ] as const) {
        await call(client, 'POST', '/api/v2/transactions/', {
          portfolio_id: portfolioId,
          coin_id: coins[(i * 7) % coins.length],
          type: 'buy',
          quantity: '1',
          price_per_coin: '10',
          fee: '0.1',
          date: new Date(today - dayMs).toISOString(),
          note: '',
        });
        write[kind].push(await timed(client, path));
      }
    }
    return {
      label: database.label,
      first,
      warm: { dashboard: median(warm.dashboard), insights: median(warm.insights) },
      write: { dashboard: median(write.dashboard), insights: median(write.insights) },
    };
  } finally {
    await server.stop();
  }
}

export async function benchInsights(): Promise<void> {
  const results: Figures[] = [];
  for (const name of databases) {
    const database = name === 'postgres' ? await postgresDatabase('insights') : pgliteDatabase('insights');
    if (!database) continue;
    try {
      results.push(await benchDatabase(database));
    } finally {
      await database.dispose();
    }
  }
  const line = (label: string, d: number, n: number) =>
    console.log(
      `  ${label.padEnd(34)} dashboard ${d.toFixed(1).padStart(7)} ms   insights ${n.toFixed(1).padStart(7)} ms   ratio ${(n / d).toFixed(2)}`,
    );
  for (const r of results) {
    console.log(
      `insights vs dashboard, ${r.label}, ${size.toLocaleString('en-US')} transactions over ${coinCount} coins and ${years} years, method ${method}:`,
    );
    line('first request of a fresh process', r.first.dashboard, r.first.insights);
    line(`warm (median of ${warmSamples})`, r.warm.dashboard, r.warm.insights);
    line(`after one new transaction (median of ${writeSamples})`, r.write.dashboard, r.write.insights);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchInsights();
