// Refresh of 500 coins with source bookkeeping (every market row records source and fetched_at,
// reads filter by mode, demo rows purged on the switch) against the refresh as it was before
// (the commit before provenance, extracted with `git archive` into a temp folder and run in
// this same process against its own migrated database), alternating runs so machine load hits
// both alike. Upstream is a local fake CoinGecko serving 500 coins and 365-day charts.
// Run: node --import tsx bench/market-refresh.bench.ts (BENCH_REFRESH_RUNS, default 12).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './lib/stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The last commit before market provenance (c279deb): "today's refresh" for this comparison. */
const baselineCommit = 'c279deb^';
const runs = Number(process.env.BENCH_REFRESH_RUNS ?? 12);
const fixtures = join(root, 'apps/server/src/integrations/market-data/coingecko/fixtures');
const dayMs = 86_400_000;

/** A CoinGecko v3 on 127.0.0.1 with 500 generated coins (the fixture's bitcoin as the template). */
async function startFake500(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const template = (
    JSON.parse(readFileSync(join(fixtures, 'coins-markets.json'), 'utf8')) as Record<string, unknown>[]
  )[0];
  const coins = Array.from({ length: 500 }, (_, i) => ({
    ...template,
    id: `bench-coin-${i + 1}`,
    symbol: `bc${i + 1}`,
    name: `Bench Coin ${i + 1}`,
    market_cap_rank: i + 1,
    market_cap: 1e12 / (i + 1),
    current_price: 100 + i,
  }));
  const file = (name: string) => readFileSync(join(fixtures, name), 'utf8');
  const global = file('global.json');
  const trending = file('search-trending.json');
  const rates = file('exchange-rates.json');
  const now = Date.now();
  const chart = JSON.stringify({
    prices: Array.from({ length: 366 }, (_, i) => [now - (365 - i) * dayMs, 100 + Math.sin(i / 9) * 10]),
    market_caps: [],
    total_volumes: [],
  });
  const send = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\/v3/, '');
    if (path === '/coins/markets') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 100);
      return send(res, JSON.stringify(coins.slice((page - 1) * perPage, page * perPage)));
    }
    if (path === '/global') return send(res, global);
    if (path === '/search/trending') return send(res, trending);
    if (path === '/exchange_rates') return send(res, rates);
    if (/^\/coins\/[^/]+\/market_chart$/.test(path)) return send(res, chart);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The baseline source tree, with node_modules pointing at ours except its own workspaces. */
function extractBaseline(): string {
  const dir = mkdtempSync(join(tmpdir(), 'el-refresh-baseline-'));
  // Piped through a shell: the archive (with the data snapshot) is larger than a spawn buffer.
  execFileSync('sh', [
    '-c',
    'git -C "$0" archive "$1" apps/server packages | tar -x -C "$2"',
    root,
    baselineCommit,
    dir,
  ]);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@app'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@app') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync(join(dir, 'packages/contracts'), join(modules, '@app/contracts'));
  symlinkSync(join(dir, 'packages/core'), join(modules, '@app/core'));
  return dir;
}

interface Variant {
  name: string;
  refresh: () => Promise<{ ok: boolean; coins: number }>;
  close: () => Promise<void>;
  times: number[];
}

interface ServerModules {
  db: {
    openPglite: () => Promise<{ db: unknown; close: () => Promise<void> }>;
    migrateDatabase: (d: unknown) => Promise<void>;
  };
  provider: { CoinGeckoProvider: new (o: Record<string, unknown>) => unknown };
  service: {
    createMarketService: (deps: Record<string, unknown>) => {
      refresh: () => Promise<{ ok: boolean; coins: number; categoryStep?: Promise<unknown> | null }>;
    };
  };
}

async function variant(name: string, serverSrc: string, baseUrl: string): Promise<Variant> {
  const load = (path: string) => import(pathToFileURL(join(serverSrc, path)).href);
  const m = {
    db: await load('db/client.ts'),
    provider: await load('integrations/market-data/index.ts'),
    service: await load('modules/market/market.service.ts'),
  } as ServerModules;
  const database = await m.db.openPglite();
  await m.db.migrateDatabase(database);
  const market = m.service.createMarketService({
    db: database.db,
    provider: new m.provider.CoinGeckoProvider({ baseUrl, callsPerMinute: 100_000 }),
    clock: () => new Date(),
    candleBudget: 5,
    // Category membership is background work outside this comparison.
    categories: { minGapMs: Number.MAX_SAFE_INTEGER },
  });
  return {
    name,
    times: [],
    close: () => database.close(),
    async refresh() {
      const result = await market.refresh();
      await result.categoryStep;
      return result;
    },
  };
}

export async function benchMarketRefresh(): Promise<void> {
  const fake = await startFake500();
  const baselineDir = extractBaseline();
  try {
    const current = await variant(
      'with source bookkeeping (now)',
      join(root, 'apps/server/src'),
      fake.baseUrl,
    );
    const before = await variant(
      'before provenance (c279deb^)',
      join(baselineDir, 'apps/server/src'),
      fake.baseUrl,
    );
    const variants = [before, current];
    for (const v of variants) {
      const warm = await v.refresh();
      if (!warm.ok || warm.coins !== 500)
        throw new Error(`${v.name}: warm-up refresh gave ${warm.coins} coins`);
    }
    for (let i = 0; i < runs; i++) {
      for (const v of i % 2 === 0 ? variants : [...variants].reverse()) {
        const t0 = performance.now();
        const result = await v.refresh();
        v.times.push(performance.now() - t0);
        if (!result.ok) throw new Error(`${v.name}: refresh failed`);
      }
    }
    console.log(
      `\nmarket refresh of 500 coins (fake CoinGecko on 127.0.0.1, PGlite, ${runs} runs each, alternating)`,
    );
    console.log('| refresh | median ms | min ms | max ms |');
    console.log('|---|---:|---:|---:|');
    for (const v of variants)
      console.log(
        `| ${v.name} | ${median(v.times).toFixed(1)} | ${Math.min(...v.times).toFixed(1)} | ${Math.max(...v.times).toFixed(1)} |`,
      );
    console.log(
      `| ratio (now / before), budget 1.2 | ${(median(current.times) / median(before.times)).toFixed(2)} | | |`,
    );
    for (const v of variants) await v.close();
  } finally {
    rmSync(baselineDir, { recursive: true, force: true });
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarketRefresh();
