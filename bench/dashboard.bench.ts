// GET /api/v2/dashboard/ and the 3-year performance series for users with 10k and 100k transactions
// over 100 coins, cold (first read after a write: the ledger is recomputed) and warm (cached),
// beside the same routes for a user with no transactions (the baseline), same server, same run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { signedInCookie } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sizes = (process.env.BENCH_DASHBOARD_SIZES ?? '10000,100000').split(',').map(Number);
const coldSamples = Number(process.env.BENCH_COLD_SAMPLES ?? 7);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 40);
const dayMs = 86_400_000;

interface Client {
  url: string;
  headers: Record<string, string>;
}

async function client(url: string): Promise<Client> {
  const cookie = await signedInCookie(url);
  const token = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
  return { url, headers: { cookie, 'x-csrftoken': token, 'content-type': 'application/json' } };
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

/** Deterministic: mostly buys, some sells of part of what is held, over 3 years ending yesterday. */
function generate(count: number, coins: string[]) {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const end = Math.floor(Date.now() / dayMs) * dayMs - dayMs;
  const start = end - 3 * 365 * dayMs;
  const held = new Map<string, number>();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const coin = coins[i % coins.length] ?? 'bitcoin';
    const date = new Date(start + Math.floor((i / count) * (end - start)) + Math.floor(rand() * 3_600_000));
    const have = held.get(coin) ?? 0;
    const sell = have > 2 && rand() < 0.3;
    const quantity = sell ? Math.floor(have * 0.3 * 1000) / 1000 : Math.floor((1 + rand() * 9) * 1000) / 1000;
    held.set(coin, have + (sell ? -quantity : quantity));
    rows.push({
      line: i + 2,
      coin_id: coin,
      transaction: {
        type: sell ? 'sell' : 'buy',
        quantity: quantity.toFixed(3),
        price_per_coin: (1 + rand() * 1000).toFixed(4),
        fee: (rand() * 2).toFixed(2),
        date: date.toISOString(),
        note: '',
      },
    });
  }
  return rows;
}

function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function benchDashboard(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-dash-'));
  const port = await freePort();
  const app = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
  });
  const url = `http://127.0.0.1:${port}`;
  const dashboard = '/api/v2/dashboard/?metrics=holdings,roi,capital,cost_basis,positions';
  const performanceAll = '/api/v2/dashboard/performance/?timeframe=ALL';
  const lines: string[] = [];
  const measure = async (label: string, c: Client, path: string, portfolioId: string | null) => {
    const cold: number[] = [];
    for (let i = 0; i < coldSamples; i++) {
      if (portfolioId) {
        // A write bumps the portfolio revision: the next read recomputes the ledger.
        const tx = (await call(c, 'POST', '/api/v2/transactions/', {
          portfolio_id: portfolioId,
          coin_id: 'bitcoin',
          type: 'buy',
          quantity: '1',
          price_per_coin: '1',
          date: new Date(Date.now() - dayMs).toISOString(),
        })) as { id: string };
        await call(c, 'DELETE', `/api/v2/transactions/${tx.id}/`);
      }
      cold.push(await timed(c, path));
    }
    const warm: number[] = [];
    for (let i = 0; i < warmSamples; i++) warm.push(await timed(c, path));
    const a = stats(cold);
    const b = stats(warm);
    lines.push(
      `| ${label} | ${a.median.toFixed(1)} | ${a.p95.toFixed(1)} | ${b.median.toFixed(1)} | ${b.p95.toFixed(1)} | ${peakRssMb(app.pid)} |`,
    );
  };
  try {
    await waitForHttp(`${url}/health-check`, 120_000);
    const baseline = await client(url);
    const emptyPortfolio = (await call(baseline, 'POST', '/api/v2/portfolios/', { name: 'Empty' })) as {
      id: string;
    };
    await measure('baseline: no transactions, dashboard', baseline, dashboard, emptyPortfolio.id);
    await measure('baseline: no transactions, performance ALL', baseline, performanceAll, emptyPortfolio.id);
    const market = (await call(baseline, 'GET', '/api/v2/cryptocurrencies/market_select/?limit=100')) as {
      cryptocurrencies: { id: string }[];
    };
    const coins = market.cryptocurrencies.map((c) => c.id).filter((id) => id !== 'bitcoin');
    coins.unshift('bitcoin');
    for (const size of sizes) {
      const c = await client(url);
      const p = (await call(c, 'POST', '/api/v2/portfolios/', { name: `n${size}` })) as { id: string };
      const rows = generate(size, coins.slice(0, 100));
      const started = performance.now();
      for (let i = 0; i < rows.length; i += 20_000) {
        await call(c, 'POST', `/api/v2/portfolios/${p.id}/import/commit/`, {
          rows: rows.slice(i, i + 20_000),
        });
      }
      console.log(
        `imported ${size} transactions over ${Math.min(100, coins.length)} coins in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await measure(`${size.toLocaleString('en-US')} tx, dashboard (all metrics)`, c, dashboard, p.id);
      await measure(
        `${size.toLocaleString('en-US')} tx, performance ALL (3-year daily series)`,
        c,
        performanceAll,
        p.id,
      );
    }
    console.log(
      `\nGET /api/v2/dashboard/ — ${coldSamples} cold / ${warmSamples} warm samples, sequential, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(
      '| case | cold median ms | cold p95 ms | warm median ms | warm p95 ms | server peak RSS MB (so far) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const line of lines) console.log(line);
  } finally {
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDashboard();
