import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bodies, idOf, notOwned, queries, seedOwned, tx } from '../test/owned-rows.ts';

import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { apiRoutes } from '../test/route-table.ts';
import { dumpTables } from '../test/table-dump.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';

/**
 * The instance's administration routes name accounts, not rows anyone owns: to anyone but an
 * administrator they answer 403 (instance.test.ts goes over each of them).
 */
const adminOnly = (url: string) => url.startsWith('/api/v2/instance/');

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

const dump = () => dumpTables(t.database.db);

beforeAll(async () => {
  t = await createTestApp();
  a = (await portfolioUser(t.client())).client;
  b = (await portfolioUser(t.client())).client;
  Object.assign(ids, await seedOwned(t, a));
  Object.assign(own, await seedOwned(t, b));
});
afterAll(async () => {
  await t?.close();
});

describe('user B on every id-bearing route with user A’s ids', () => {
  it('answers 404 everywhere and leaves A’s data byte-identical', async () => {
    const before = await dump();
    expect(before).toContain('Watch'); // the dump holds the users' rows
    const known = bodies(own);
    const routes = apiRoutes(t.app).filter(
      (r) => r.auth === 'user' && r.url.includes(':') && !adminOnly(r.url),
    );
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
    const routes = apiRoutes(t.app).filter(
      (r) => r.auth === 'user' && r.url.includes(':') && !adminOnly(r.url),
    );
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
