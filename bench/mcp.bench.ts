// MCP tool calls against the REST routes they call, in the same run on the same data: one user with
// 10,000 transactions over 100 coins and 3 years (the generator of dashboard.bench.ts), tax rule
// us, on PGlite (and PostgreSQL with BENCH_MCP_DATABASES=pglite,postgres).
//
// Data: the user, portfolio and access token are made over HTTP; transactions and 3 years of daily
// closes are written with bulk SQL while the server is stopped.
//
// Cases, each timed both ways with the same bearer token:
//   list_portfolios = POST /mcp tools/call list_portfolios (portfolios + holdings), against
//                     GET /api/v2/portfolios/ and GET /api/v2/dashboard/?metrics=holdings sent
//                     together, as a client that wants both would.
//   get_tax_report  = POST /mcp tools/call get_tax_report for last year, against
//                     GET /api/v2/tax/report/ for the same year.
// The MCP side is a plain JSON-RPC POST (the server is stateless: no session to open), answered
// as JSON and parsed by the client like the REST answers. Each case runs BENCH_MCP_SECONDS per
// side with BENCH_MCP_CONNECTIONS callers in a closed loop, REST and MCP alternating over
// BENCH_MCP_ROUNDS rounds, after a warm-up of both; calls/s and p50/p99 are over all rounds.
// Run: npm run build, then node --import tsx bench/mcp.bench.ts (BENCH_SERVER_ENTRY to run another
// server bundle, BENCH_NODE_ARGS for the server's node flags, BENCH_MCP_CASES=get_tax_report to run
// one case, BENCH_MCP_SIZE, BENCH_POSTGRES_URL).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, pgliteDatabase, postgresDatabase, type Run } from './lib/databases.ts';
import { freePort, processCpuMs, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { signedInJsonHeaders } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const size = Number(process.env.BENCH_MCP_SIZE ?? 10_000);
const seconds = Number(process.env.BENCH_MCP_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_MCP_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_MCP_CONNECTIONS ?? 4);
const databases = (process.env.BENCH_MCP_DATABASES ?? 'pglite').split(',');
/** Which cases run, by tool name (both by default). */
const only = process.env.BENCH_MCP_CASES?.split(',');
const coinCount = 100;
const years = 3;
const dayMs = 86_400_000;
const today = Math.floor(Date.now() / dayMs) * dayMs;
const firstDay = today - (years * 365 + 2) * dayMs;
const reportYear = new Date(today).getUTCFullYear() - 1;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** Mostly buys, some sells of 30 % of what is held, over 3 years ending yesterday; closes for every day. */
async function seed(run: Run, portfolioId: string, coins: string[]): Promise<void> {
  const rand = random(42);
  const end = today - dayMs;
  const start = end - years * 365 * dayMs;
  const held = new Map<string, number>();
  const cols = { coin: [] as string[], type: [] as string[], q: [] as string[] };
  const more = { p: [] as string[], f: [] as string[], at: [] as string[] };
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
    more.p.push((1 + rand() * 1000).toFixed(4));
    more.f.push((rand() * 2).toFixed(2));
    more.at.push(new Date(at).toISOString());
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
      arrayLiteral(more.p),
      arrayLiteral(more.f),
      arrayLiteral(more.at),
    ],
  );
  // Writes bump the revision, so no process keeps a ledger of the empty portfolio.
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

interface Server {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

async function startServer(target: BenchDatabase): Promise<Server> {
  const port = await freePort();
  const entry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js');
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startProcess([...nodeArgs, entry], {
    PORT: String(port),
    DATA_DIR: target.dataDir,
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    // The bench measures the server, not the per-token limit (300 a minute by default).
    LIMIT_TOKEN_REQUESTS_PER_MINUTE: '1000000',
    ...target.env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health-check`, 180_000);
    // Start-up work (the first market refresh, loading stored closes) is over before anything is timed.
    await new Promise((r) => setTimeout(r, 2000));
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

async function json(res: Response, what: string): Promise<unknown> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

interface Case {
  label: string;
  tool: string;
  rest: () => Promise<unknown>;
  mcp: () => Promise<unknown>;
}

function cases(url: string, token: string, portfolioId: string): Case[] {
  const bearer = { authorization: `Bearer ${token}` };
  const get = async (path: string) => json(await fetch(`${url}${path}`, { headers: bearer }), path);
  let id = 0;
  const tool = async (name: string, args: Record<string, unknown>) => {
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        ...bearer,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    const answer = (await json(res, name)) as { result?: { isError?: boolean; content?: unknown } };
    if (!answer.result || answer.result.isError)
      throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
  return [
    {
      label: 'list_portfolios (holdings)',
      tool: 'list_portfolios',
      rest: () =>
        Promise.all([
          get('/api/v2/portfolios/'),
          get(`/api/v2/dashboard/?portfolio_id=${portfolioId}&metrics=holdings`),
        ]),
      mcp: () => tool('list_portfolios', { portfolio_id: portfolioId }),
    },
    {
      label: `get_tax_report (${reportYear}, rule us)`,
      tool: 'get_tax_report',
      rest: () => get(`/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${reportYear}`),
      mcp: () => tool('get_tax_report', { portfolio_id: portfolioId, year: reportYear }),
    },
  ];
}

/** `connections` callers in a closed loop for `ms`: the latency of every call. */
async function load(fn: () => Promise<unknown>, ms: number): Promise<number[]> {
  const until = performance.now() + ms;
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await fn();
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples;
}

function quantile(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
}

interface Side {
  samples: number[];
  ms: number;
  cpuMs: number;
}

async function benchTarget(target: BenchDatabase): Promise<void> {
  let token: string;
  let portfolioId: string;
  let coins: string[];
  {
    const server = await startServer(target);
    try {
      const headers = await signedInJsonHeaders(server.url);
      const send = async (method: string, path: string, body?: unknown) =>
        json(
          await fetch(`${server.url}${path}`, {
            method,
            headers,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
          `${method} ${path}`,
        );
      portfolioId = ((await send('POST', '/api/v2/portfolios/', { name: 'Bench' })) as { id: string }).id;
      const market = (await send('GET', `/api/v2/cryptocurrencies/market_select/?limit=${coinCount}`)) as {
        cryptocurrencies: { id: string }[];
      };
      coins = market.cryptocurrencies.map((c) => c.id).slice(0, coinCount);
      await send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
      await send('PATCH', '/api/v2/tax/settings/', { rule: 'us', short_rate: '30', long_rate: '15' });
      token = (
        (await send('POST', '/api/v2/tokens/', { name: 'Bench', scopes: ['read'] })) as { token: string }
      ).token;
    } finally {
      await server.stop();
    }
  }
  const seeded = performance.now();
  await target.withSql((run) => seed(run, portfolioId, coins));
  console.log(
    `${target.label}: seeded ${size.toLocaleString('en-US')} transactions over ${coins.length} coins and ${years} years of daily closes in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const server = await startServer(target);
  const rows: { label: string; rest: Side; mcp: Side; bytes: { rest: number; mcp: number } }[] = [];
  try {
    for (const c of cases(server.url, token, portfolioId).filter((x) => !only || only.includes(x.tool))) {
      // Warm-up: the first request builds the books and the report; both sides then read caches.
      const restAnswer = await c.rest();
      const mcpAnswer = await c.mcp();
      await load(c.rest, 1000);
      await load(c.mcp, 1000);
      const rest: Side = { samples: [], ms: 0, cpuMs: 0 };
      const mcp: Side = { samples: [], ms: 0, cpuMs: 0 };
      for (let r = 0; r < rounds; r++) {
        for (const [side, fn] of [
          [rest, c.rest],
          [mcp, c.mcp],
        ] as const) {
          const cpu = processCpuMs(server.pid) ?? Number.NaN;
          const started = performance.now();
          side.samples.push(...(await load(fn, seconds * 1000)));
          side.ms += performance.now() - started;
          side.cpuMs += (processCpuMs(server.pid) ?? Number.NaN) - cpu;
        }
      }
      rows.push({
        label: c.label,
        rest,
        mcp,
        bytes: { rest: JSON.stringify(restAnswer).length, mcp: JSON.stringify(mcpAnswer).length },
      });
    }
  } finally {
    await server.stop();
  }

  const f = (v: number, d = 1) => v.toFixed(d);
  console.log(
    `\n${target.label}, ${size.toLocaleString('en-US')} transactions: ${connections} callers, ${rounds} × ${seconds} s per side, REST and MCP alternating`,
  );
  console.log(
    '| case | side | calls/s | p50 ms | p99 ms | server CPU ms per call | answer (JSON chars) | MCP ÷ REST (time per call) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const rate = (s: Side) => (s.samples.length / s.ms) * 1000;
    for (const [name, side] of [
      ['REST', row.rest],
      ['MCP', row.mcp],
    ] as const) {
      const ratio = name === 'MCP' ? f(rate(row.rest) / rate(row.mcp), 2) : '';
      console.log(
        `| ${row.label} | ${name} | ${f(rate(side), 0)} | ${f(quantile(side.samples, 0.5))} | ${f(quantile(side.samples, 0.99))} | ${f(side.cpuMs / side.samples.length, 2)} | ${(name === 'REST' ? row.bytes.rest : row.bytes.mcp).toLocaleString('en-US')} | ${ratio} |`,
      );
    }
  }
}

export async function benchMcp(): Promise<void> {
  for (const name of databases) {
    const target = name === 'postgres' ? await postgresDatabase('mcp') : pgliteDatabase('mcp');
    if (!target) continue;
    try {
      await benchTarget(target);
    } finally {
      await target.dispose();
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchMcp();
