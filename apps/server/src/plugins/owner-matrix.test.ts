import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { connectionTokens, notificationDeliveries } from '../db/schema/index.ts';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { apiRoutes } from '../test/route-table.ts';
import { dumpTables } from '../test/table-dump.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';

/**
 * User B on every signed-in route that takes an id, with user A's ids: 404 each
 * time, and nothing of A's changes. Generated from the route table: a new route with an id
 * parameter fails here until the test knows whose id it takes (`idOf`) and, for a write, a
 * body that passes validation (`bodies`), so it is covered the day it is added.
 */

let t: TestApp;
let a: TestClient;
let b: TestClient;
const ids: Record<string, string> = {};
const own: Record<string, string> = {};

const day = '2024-01-01T00:00:00Z';
const tx = {
  coin_id: 'bitcoin',
  type: 'buy',
  quantity: '1',
  price_per_coin: '100',
  fee: '0',
  date: day,
  note: '',
};
const projection = {
  name: 'BTC Position',
  coin_id: 'bitcoin',
  coin_name: 'Bitcoin',
  coin_symbol: 'btc',
  coin_image: '',
  invested_capital: '100',
  tokens_owned: '1',
  sell_tax: '0',
};
const rung = {
  coins_sold: '0.5',
  price_per_coin: '1000',
  fees_percentage: '0',
  price_impact_percentage: '0',
  transaction_order: 1,
};

async function created(client: TestClient, url: string, body: unknown): Promise<string> {
  const res = await client.post(url, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const json = res.json() as { id?: string } | { id: string }[];
  const id = Array.isArray(json) ? json[0]?.id : json.id;
  if (!id) throw new Error(`${url}: no id in ${res.body}`);
  return id;
}

/** One of each owned thing for a user. */
async function seed(client: TestClient): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  out.portfolio = await created(client, '/api/v2/portfolios/', { name: 'Book' });
  out.transaction = await created(client, '/api/v2/transactions/', { ...tx, portfolio_id: out.portfolio });
  out.projection = await created(client, '/api/v2/projections/exit-strategy/', projection);
  out.projectionTx = await created(
    client,
    `/api/v2/projections/exit-strategy/${out.projection}/transactions/replace/`,
    [rung],
  );
  out.watchlist = await created(client, '/api/v2/terminal/watchlists/', { name: 'Watch' });
  out.watchlistItem = await created(client, '/api/v2/terminal/watchlist-items/', {
    watchlist_id: out.watchlist,
    coin_id: 'bitcoin',
  });
  out.alert = await created(client, '/api/v2/alerts/', {
    coin_id: 'bitcoin',
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 1_000_000 },
  });
  out.channel = await created(client, '/api/v2/notification-channels/', { kind: 'email', name: 'Mail' });
  out.connection = await created(client, '/api/v2/connections/', {
    kind: 'bitcoin',
    portfolio_id: out.portfolio,
    label: 'Wallet',
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  });
  const userId = (await client.get('/api/auth/me')).json().id as string;
  // An unrecognised token the connection saw: syncs write these, so the row is made directly here.
  const [token] = await t.database.db
    .insert(connectionTokens)
    .values({
      connectionId: out.connection,
      userId,
      chain: 'ethereum',
      contractAddress: '0x0000000000000000000000000000000000000001',
      name: 'Airdrop',
      symbol: 'DROP',
      decimals: 18,
      quantity: '1',
    })
    .returning({ id: connectionTokens.id });
  out.token = token?.id ?? '';
  // A dead letter to retry: the outbox is written by the engine, so the row is made directly here.
  const [delivery] = await t.database.db
    .insert(notificationDeliveries)
    .values({
      userId,
      channelId: out.channel,
      notificationId: null,
      idempotencyKey: `owner-${out.channel}`,
      message: { kind: 'test', title: 'T', body: 'B', coin_id: null, url: null, fired_at: day, data: null },
      status: 'dead',
      lastError: 'HTTP 500',
    })
    .returning({ id: notificationDeliveries.id });
  out.delivery = delivery?.id ?? '';
  return out;
}

/** Whose row a path parameter names; undefined: a parameter this test does not know yet. */
function idOf(url: string, param: string): string | undefined {
  if (param === 'txId') return 'projectionTx';
  if (param === 'tokenId') return 'token';
  if (param !== 'id') return undefined;
  if (url.includes('/projections/')) return 'projection';
  if (url.includes('/portfolios/')) return 'portfolio';
  if (url.startsWith('/api/v2/transactions/')) return 'transaction';
  if (url.includes('/watchlist-items/')) return 'watchlistItem';
  if (url.includes('/watchlists/')) return 'watchlist';
  if (url.includes('/alerts/')) return 'alert';
  if (url.includes('/notification-channels/')) return 'channel';
  if (url.includes('/notification-deliveries/')) return 'delivery';
  if (url.includes('/connections/')) return 'connection';
  return undefined;
}

/** Parameters that name no row of anybody's (a card kind, a coin): not owner checks. */
const notOwned = new Set(['kind', 'coin', 'coinId']);

/** Valid bodies for the writes, so that B's request reaches the owner check (else it is a 400). */
function bodies(): Record<string, unknown> {
  return {
    'PUT /api/v2/portfolios/:id/': { name: 'Taken' },
    'POST /api/v2/portfolios/:id/import/preview/': { csv: 'date,type,coin,quantity,price\n' },
    'POST /api/v2/portfolios/:id/import/commit/': {
      rows: [
        {
          line: 1,
          coin_id: 'bitcoin',
          transaction: { type: 'buy', quantity: '1', price_per_coin: '1', fee: '0', date: day, note: '' },
        },
      ],
    },
    'PUT /api/v2/transactions/:id/': { ...tx, portfolio_id: own.portfolio },
    'PUT /api/v2/projections/exit-strategy/:id/': projection,
    'POST /api/v2/projections/exit-strategy/:id/transactions/replace/': [rung],
    'PUT /api/v2/projections/exit-strategy/:id/tax/': { portfolio_id: null },
    'PUT /api/v2/terminal/watchlists/:id/': { name: 'Taken' },
    'PATCH /api/v2/terminal/watchlists/:id/': { name: 'Taken' },
    'PATCH /api/v2/alerts/:id/': { active: false },
    'PATCH /api/v2/notification-channels/:id/': { name: 'Taken' },
    'POST /api/v2/notification-channels/:id/test/': undefined,
    'POST /api/v2/notification-deliveries/:id/retry/': undefined,
    'PATCH /api/v2/connections/:id/': { label: 'Taken' },
    'POST /api/v2/connections/:id/sync/': undefined,
    'PATCH /api/v2/connections/:id/tokens/:tokenId/': { hidden: true },
    'POST /api/v2/connections/:id/held/decide/': { key: 'trade:XXBTZEUR:T1', decision: 'separate' },
    'POST /api/v2/transactions/:id/classify/': { as: 'spend' },
  };
}

/** Required query parameters, so that B's request reaches the owner check (else it is a 400). */
const queries: Record<string, string> = {
  'DELETE /api/v2/connections/:id/': '?transactions=remove',
};

const dump = () => dumpTables(t.database.db);

beforeAll(async () => {
  t = await createTestApp();
  a = (await portfolioUser(t.client())).client;
  b = (await portfolioUser(t.client())).client;
  Object.assign(ids, await seed(a));
  Object.assign(own, await seed(b));
});
afterAll(async () => {
  await t?.close();
});

describe('user B on every id-bearing route with user A’s ids', () => {
  it('answers 404 everywhere and leaves A’s data byte-identical', async () => {
    const before = await dump();
    expect(before).toContain('Watch'); // the dump holds the users' rows
    const known = bodies();
    const routes = apiRoutes(t.app).filter((r) => r.auth === 'user' && r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(20);
    const unknown: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
      if (params.every((p) => notOwned.has(p))) continue;
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => {
        const key = idOf(route.url, p);
        if (key === undefined) unknown.push(`${name} (:${p})`);
        return ids[key ?? ''] ?? 'unknown';
      });
      const write = route.method !== 'GET' && route.method !== 'DELETE';
      if (write && !(name in known)) unknown.push(`${name} (no body)`);
      const res = await b.send(route.method, `${url}${queries[name] ?? ''}`, write ? known[name] : undefined);
      checked += 1;
      expect(res.statusCode, `${name} as B: ${res.body.slice(0, 200)}`).toBe(404);
      expect(res.json().error.category, name).toBe('not_found');
    }
    expect(unknown, 'routes this owner test does not know how to fill').toEqual([]);
    expect(checked).toBeGreaterThan(20);
    expect(await dump()).toBe(before);
  });

  it('answers a malformed path id with the route’s own 404 from its params schema, before the body is read', async () => {
    const routes = apiRoutes(t.app).filter((r) => r.auth === 'user' && r.url.includes(':'));
    let checked = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
      if (params.every((p) => notOwned.has(p))) continue;
      // Ids are parsed once: by the route's params schema from the contract.
      const schema = route.schema?.params as z.ZodType | undefined;
      expect(schema, `${name} declares its params`).toBeDefined();
      const values = Object.fromEntries(params.map((p) => [p, ids[idOf(route.url, p) ?? ''] ?? 'x']));
      values[params[0] ?? 'id'] = 'not-a-uuid';
      const parsed = schema?.safeParse(values);
      const message = parsed?.success === false ? parsed.error.issues[0]?.message : undefined;
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => values[p] ?? '');
      // An invalid body too: params are validated first, so the answer is still the id's 404.
      const write = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await a.send(route.method, url, write ? { unexpected: true } : undefined);
      checked += 1;
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(404);
      expect(res.json().error.message, name).toBe(message);
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 404 when A’s id travels in B’s body or query', async () => {
    const before = await dump();
    const cases: [string, string, unknown][] = [
      ['POST', '/api/v2/transactions/', { ...tx, portfolio_id: ids.portfolio }],
      ['PUT', `/api/v2/transactions/${own.transaction}/`, { ...tx, portfolio_id: ids.portfolio }],
      ['POST', '/api/v2/terminal/watchlist-items/', { watchlist_id: ids.watchlist, coin_id: 'ethereum' }],
      ['PUT', `/api/v2/projections/exit-strategy/${own.projection}/tax/`, { portfolio_id: ids.portfolio }],
      ['PATCH', `/api/v2/alerts/${own.alert}/`, { channel_ids: [ids.channel] }],
      [
        'POST',
        '/api/v2/alerts/',
        {
          coin_id: 'bitcoin',
          left: { type: 'indicator', metric: 'price' },
          op: '>=',
          right: { type: 'value', value: 1 },
          channel_ids: [ids.channel],
        },
      ],
    ];
    for (const [method, url, body] of cases) {
      const res = await b.send(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(404);
    }
    // A list filtered by someone else's portfolio is simply empty (a filter, not a lookup).
    const list = await b.get(`/api/v2/transactions/?portfolio_id=${ids.portfolio}`);
    expect([200, 404]).toContain(list.statusCode);
    if (list.statusCode === 200) expect(list.json().count).toBe(0);
    const dashboard = await b.get(`/api/v2/dashboard/?portfolio_id=${ids.portfolio}`);
    expect(dashboard.statusCode, dashboard.body.slice(0, 200)).toBe(404);
    expect(await dump()).toBe(before);
  });
});
