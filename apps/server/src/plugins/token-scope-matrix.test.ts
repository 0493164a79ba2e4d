import { accessTokenCreatedSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodies, idOf, notOwned, queries, seedOwned } from '../test/owned-rows.ts';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { apiRoutes, mutatingRoutes } from '../test/route-table.ts';
import { dumpTables } from '../test/table-dump.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';
import { tokenAccessOf } from './access-token-auth.ts';

/**
 * Personal access tokens over every route of the route table: a new route is covered the day it
 * is added. Scopes decide before anything is read or written; a token limited to one portfolio
 * meets the user's other portfolio as another user's.
 */

let t: TestApp;
let a: TestClient;
/** What the token may see, and a second portfolio with one of everything it may not. */
const seen: Record<string, string> = {};
const hidden: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = (await portfolioUser(t.client())).client;
  Object.assign(seen, await seedOwned(t, a));
  Object.assign(hidden, await seedOwned(t, a, ' hidden'));
});
afterAll(async () => {
  await t?.close();
});

async function token(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const res = await a.post('/api/v2/tokens/', { name: 'Matrix', scopes: ['read'], ...body });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return accessTokenCreatedSchema.parse(res.json());
}

function call(value: string, method: string, url: string, body?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${value}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A concrete URL for the route with the given set's ids; undefined when a parameter is unknown. */
function urlWith(route: { method: string; url: string }, ids: Record<string, string>): string | undefined {
  let unknown = false;
  const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => {
    if (p === 'coinId' || p === 'coin') return 'bitcoin';
    if (p === 'kind') return 'concentration';
    const key = idOf(route.url, p);
    const id = key === undefined ? undefined : ids[key];
    if (id === undefined) unknown = true;
    return id ?? '';
  });
  return unknown ? undefined : `${url}${queries[`${route.method} ${route.url}`] ?? ''}`;
}

/** Stored data, less what a token's own use writes (its last use, its audit list, the limiter). */
const stored = async () =>
  (await dumpTables(t.database.db))
    .split('\n')
    .filter((line) => !line.startsWith('access_token'))
    .join('\n');

describe('tokens on every route', () => {
  it('a read token on each write route it is not opened to: 403, and nothing changes', async () => {
    const { token: read } = await token({ scopes: ['read'] });
    const before = await stored();
    const known = bodies(seen);
    let checked = 0;
    for (const route of mutatingRoutes(t.app)) {
      if (tokenAccessOf(route.method, route.config?.token, route.url) === 'read') continue;
      const url = urlWith(route, seen) ?? route.url;
      const res = await call(read, route.method, url, known[`${route.method} ${route.url}`] ?? {});
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).toBe(403);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
    expect(await stored()).toBe(before);
  });

  it('a token without read on each read route: 403', async () => {
    const { token: alertsOnly } = await token({ scopes: ['write:alerts'] });
    for (const route of apiRoutes(t.app).filter((r) => r.method === 'GET')) {
      const res = await call(alertsOnly, 'GET', urlWith(route, seen) ?? route.url);
      expect(res.statusCode, `GET ${route.url}`).toBe(403);
    }
  });

  it('a revoked or an expired token on every route: 401', async () => {
    const revoked = await token({});
    expect((await a.send('DELETE', `/api/v2/tokens/${revoked.id}/`)).statusCode).toBe(204);
    const expiring = await token({ expires_in_days: 30 });
    t.clock.advance(31 * 86_400_000);
    try {
      for (const route of apiRoutes(t.app)) {
        const url = urlWith(route, seen) ?? route.url;
        for (const value of [revoked.token, expiring.token]) {
          const res = await call(value, route.method, url, route.method === 'GET' ? undefined : {});
          expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        }
      }
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('a token limited to one portfolio: the other portfolio’s rows answer 404 and appear in no answer', async () => {
    const { token: limited } = await token({
      scopes: ['read', 'write:transactions', 'write:alerts'],
      portfolio_ids: [seen.portfolio],
    });
    const before = await stored();
    const markers = ['portfolio', 'transaction', 'sale', 'transferOut', 'connection'].map(
      (k) => hidden[k] ?? 'missing',
    );
    const boundToPortfolio = (url: string) =>
      ['/portfolios/', '/api/v2/transactions/', '/connections/'].some((p) => url.includes(p));
    const leaks: string[] = [];
    const known = bodies(seen);
    for (const route of apiRoutes(t.app)) {
      const name = `${route.method} ${route.url}`;
      const access = tokenAccessOf(route.method, route.config?.token, route.url);
      if (access === 'never') continue;
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
      if (params.length > 0 && !params.every((p) => notOwned.has(p))) {
        if (!boundToPortfolio(route.url)) continue;
        const url = urlWith(route, hidden);
        if (url === undefined) continue;
        const res = await call(
          limited,
          route.method,
          url,
          route.method === 'GET' ? undefined : (known[name] ?? {}),
        );
        if (res.statusCode !== 404) leaks.push(`${name}: ${res.statusCode}`);
        continue;
      }
      // The event stream stays open: what it carries is checked by its own tests.
      if (route.method !== 'GET' || route.config?.produces?.type === 'text/event-stream') continue;
      const res = await call(limited, 'GET', urlWith(route, seen) ?? route.url);
      if (markers.some((m) => res.body.includes(m))) leaks.push(`${name}: shows the other portfolio`);
    }
    expect(leaks).toEqual([]);
    expect(await stored()).toBe(before);
  });
});
