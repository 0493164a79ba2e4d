import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A fake CoinGecko v3 on 127.0.0.1 serving recorded response bodies, with scripted faults:
 * 429 + Retry-After, 5xx, a hang (for timeouts), invalid JSON and a wrong shape. Tests run
 * the real client against it over real HTTP (no module mocks).
 */
export type Fault =
  | { type: 'status'; status: number; retryAfter?: string; body?: string; delayMs?: number }
  | { type: 'hang' }
  | { type: 'invalid-json' }
  | { type: 'wrong-shape' };

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeCoinGecko {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Faults are used up one per request, before normal answers resume. */
  fail(...faults: Fault[]): void;
  /** Answer every request with this fault until cleared. */
  failAlways(fault: Fault | null): void;
  /** Answer only category-filtered coins/markets requests with this fault until cleared. */
  failCategories(fault: Fault | null): void;
  /** Which fixture coins a `category=` filter returns (an unknown category returns none). */
  setCategory(category: string, ids: readonly string[]): void;
  /** Serves these price points as a coin's market_chart (all days; null restores the fixture). */
  setChart(id: string, prices: ReadonlyArray<readonly [number, number]> | null): void;
  /** Changes a coin's current_price in coins/markets answers. */
  setPrice(id: string, usd: number): void;
  close(): Promise<void>;
}

const fixtureDir = fileURLToPath(new URL('../coingecko/fixtures/', import.meta.url));
const fixture = (name: string): string => readFileSync(`${fixtureDir}${name}`, 'utf8');
const knownCoins = new Set(['bitcoin', 'ethereum', 'matic-network']);

/** Category membership of the fixture coins, as coins/markets?category= answers it. */
const defaultCategories: Record<string, readonly string[]> = {
  stablecoins: ['tether'],
  'layer-1': ['bitcoin', 'ethereum'],
  'smart-contract-platform': ['ethereum'],
};

function marketsIn(category: string, categories: Map<string, readonly string[]>): string {
  const members = new Set(categories.get(category) ?? []);
  const all = JSON.parse(fixture('coins-markets.json')) as Array<{ id: string }>;
  return JSON.stringify(all.filter((c) => members.has(c.id)));
}

function route(path: string): string | null {
  const p = path.replace(/^\/api\/v3/, '');
  if (p === '/coins/markets') return fixture('coins-markets.json');
  if (p === '/search') return fixture('search.json');
  if (p === '/search/trending') return fixture('search-trending.json');
  if (p === '/global') return fixture('global.json');
  if (p === '/exchange_rates') return fixture('exchange-rates.json');
  const m = /^\/coins\/([^/]+)(\/market_chart|\/ohlc)?$/.exec(p);
  if (!m || !knownCoins.has(decodeURIComponent(m[1] ?? ''))) return null;
  if (m[2] === '/market_chart') return fixture('market-chart.json');
  if (m[2] === '/ohlc') return fixture('ohlc.json');
  return fixture('coins-id.json');
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

export async function startFakeCoinGecko(): Promise<FakeCoinGecko> {
  const requests: RecordedRequest[] = [];
  const queue: Fault[] = [];
  let always: Fault | null = null;
  let categoryFault: Fault | null = null;
  const categories = new Map(Object.entries(defaultCategories));
  const charts = new Map<string, ReadonlyArray<readonly [number, number]>>();
  const prices = new Map<string, number>();
  /** The recorded body with the scripted overrides applied. */
  function answer(path: string, category: string | null): string | null {
    if (category !== null) return marketsIn(category, categories);
    const chart = /\/coins\/([^/]+)\/market_chart$/.exec(path);
    const points = chart ? charts.get(decodeURIComponent(chart[1] ?? '')) : undefined;
    if (points) return JSON.stringify({ prices: points, market_caps: [], total_volumes: [] });
    const body = route(path);
    if (body === null || prices.size === 0 || !path.endsWith('/coins/markets')) return body;
    const coins = JSON.parse(body) as Array<{ id: string; current_price: number }>;
    for (const c of coins) c.current_price = prices.get(c.id) ?? c.current_price;
    return JSON.stringify(coins);
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const category = url.pathname.endsWith('/coins/markets') ? url.searchParams.get('category') : null;
    const fault = queue.shift() ?? (category === null ? null : categoryFault) ?? always;
    if (fault?.type === 'hang') return; // never answers; the client's timeout must fire
    if (fault?.type === 'status') {
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      const body =
        fault.body ?? JSON.stringify({ status: { error_code: fault.status, error_message: 'fake fault' } });
      if (fault.delayMs !== undefined) {
        setTimeout(() => send(res, fault.status, body, headers), fault.delayMs);
        return;
      }
      return send(res, fault.status, body, headers);
    }
    if (fault?.type === 'invalid-json') return send(res, 200, '{"prices": [[1, 2], ');
    if (fault?.type === 'wrong-shape')
      return send(res, 200, JSON.stringify({ unexpected: true, data: 'nope' }));
    const body = answer(url.pathname, category);
    if (body === null) return send(res, 404, JSON.stringify({ error: 'coin not found' }));
    send(res, 200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    fail: (...faults) => queue.push(...faults),
    failAlways: (fault) => {
      always = fault;
    },
    failCategories: (fault) => {
      categoryFault = fault;
    },
    setCategory: (category, ids) => {
      categories.set(category, ids);
    },
    setChart: (id, points) => {
      if (points) charts.set(id, points);
      else charts.delete(id);
    },
    setPrice: (id, usd) => {
      prices.set(id, usd);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fake clock whose sleep advances time at once, recording every wait. */
export function fakeTime(start = Date.parse('2026-11-21T12:00:00Z')): {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
} {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += Math.max(0, ms);
    },
    sleeps,
  };
}
