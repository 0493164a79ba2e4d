import { shareMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodies, day, idOf, notOwned, queries, seedOwned, tx } from '../test/owned-rows.ts';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { apiRoutes } from '../test/route-table.ts';
import { dumpTables } from '../test/table-dump.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';
import type { RouteEntry } from './api-scope.ts';

/**
 * A portfolio of A's shared with E as editor and V as viewer; S has no share. Generated from the
 * route table: every signed-in route that names A's rows (in its path, or a portfolio in its query
 * or body when the route is open to members) is called by each of them. Routes open to members
 * (`config.shared`) answer V's reads and E's reads and writes; V's writes are 403; everything
 * else of A's answers 404 to all three, as to any other account, and leaves A's rows as they were.
 */

let t: TestApp;
let a: TestClient;
let e: TestClient;
let v: TestClient;
let s: TestClient;
const ids: Record<string, string> = {};
const own: Record<string, string> = {};
const shareIds: Record<'editor' | 'viewer', string> = { editor: '', viewer: '' };

const dump = () => dumpTables(t.database.db);
const adminOnly = (url: string) => url.startsWith('/api/v2/instance/');

beforeAll(async () => {
  t = await createTestApp();
  const owner = await portfolioUser(t.client());
  a = owner.client;
  const editor = await portfolioUser(t.client());
  const viewer = await portfolioUser(t.client());
  e = editor.client;
  v = viewer.client;
  s = (await portfolioUser(t.client())).client;
  Object.assign(ids, await seedOwned(t, a));
  Object.assign(own, await seedOwned(t, e));
  for (const [role, member] of [
    ['editor', editor.user.email],
    ['viewer', viewer.user.email],
  ] as const) {
    const res = await a.post(`/api/v2/portfolios/${ids.portfolio}/shares/`, { user: member, role });
    expect(res.statusCode, res.body).toBe(201);
    shareIds[role] = res.json().id;
  }
});
afterAll(async () => {
  await t?.close();
});

/** A's ids in the route's path; undefined when the route names nothing of anyone's. */
function pathFor(route: RouteEntry): string | undefined {
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  if (params.length > 0 && params.every((p) => notOwned.has(p))) return undefined;
  if (params.length === 0 && !route.config?.shared) return undefined;
  return route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => ids[idOf(route.url, p) ?? ''] ?? 'unknown');
}

const shareable = () =>
  apiRoutes(t.app).filter((r) => r.auth === 'user' && !adminOnly(r.url) && pathFor(r) !== undefined);

/** What a route needs beside the portfolio to answer at all. */
const extraQueries: Record<string, string> = { 'GET /api/v2/dashboard/explain/': '&coin_id=bitcoin' };

/** A request that reaches the route's owner check with A's portfolio wherever the route reads one. */
function requestFor(route: RouteEntry): { url: string; body: unknown } {
  const name = `${route.method} ${route.url}`;
  const from = route.config?.shared?.from;
  const query =
    from === 'query.portfolio_id'
      ? `?portfolio_id=${ids.portfolio}${extraQueries[name] ?? ''}`
      : (queries[name] ?? '');
  const write = route.method !== 'GET' && route.method !== 'DELETE';
  const known = bodies(own);
  const body =
    from === 'body.portfolio_id' || from === 'transaction'
      ? { ...tx, quantity: '0.01', portfolio_id: ids.portfolio }
      : write
        ? known[name]
        : undefined;
  return { url: `${pathFor(route)}${query}`, body };
}

describe('a shared portfolio on every route, for its viewer, editor and a stranger', () => {
  it('is listed for its members, marked with who shared it and how', async () => {
    for (const [client, role] of [
      [v, 'viewer'],
      [e, 'editor'],
    ] as const) {
      const listed = (await client.get('/api/v2/portfolios/')).json().results as {
        id: string;
        access: string;
        shared_by: { name: string } | null;
      }[];
      const shared = listed.find((p) => p.id === ids.portfolio);
      expect(shared?.access).toBe(role);
      expect(shared?.shared_by?.name).toBe('Tester');
      expect(listed.filter((p) => p.access === 'owner').every((p) => p.shared_by === null)).toBe(true);
    }
    const strangers = (await s.get('/api/v2/portfolios/')).json().results as { id: string }[];
    expect(strangers.map((p) => p.id)).not.toContain(ids.portfolio);
    const owners = (await a.get('/api/v2/portfolios/')).json().results as { id: string; access: string }[];
    expect(owners.find((p) => p.id === ids.portfolio)?.access).toBe('owner');
  });

  it('answers the viewer’s reads, refuses the viewer’s writes with 403, and answers 404 elsewhere, changing nothing', async () => {
    const before = await dump();
    const routes = shareable();
    expect(routes.filter((r) => r.config?.shared).length).toBeGreaterThan(10);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const { url, body } = requestFor(route);
      const res = await v.send(route.method, url, body);
      const shared = route.config?.shared;
      if (shared?.access === 'read') {
        expect(res.statusCode, `${name} as viewer: ${res.body.slice(0, 200)}`).toBe(200);
      } else if (shared?.access === 'write') {
        expect(res.statusCode, `${name} as viewer: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json().error.message, name).toBe(shareMessages.viewOnly);
      } else {
        expect(res.statusCode, `${name} as viewer: ${res.body.slice(0, 200)}`).toBe(404);
      }
    }
    expect(await dump()).toBe(before);
  });

  it('answers the stranger 404 on every one of them (an empty list for a filter), changing nothing', async () => {
    const before = await dump();
    for (const route of shareable()) {
      const name = `${route.method} ${route.url}`;
      const { url, body } = requestFor(route);
      const res = await s.send(route.method, url, body);
      if (name === 'GET /api/v2/transactions/') {
        expect(res.json().count, name).toBe(0);
        continue;
      }
      expect(res.statusCode, `${name} as stranger: ${res.body.slice(0, 200)}`).toBe(404);
    }
    expect(await dump()).toBe(before);
  });

  it('lets the editor read and write through the owner’s ledger, and nothing beyond the portfolio', async () => {
    for (const route of shareable()) {
      const name = `${route.method} ${route.url}`;
      const shared = route.config?.shared;
      if (shared?.access === 'write' || shared === undefined) continue;
      const { url } = requestFor(route);
      const res = await e.send(route.method, url);
      expect(res.statusCode, `${name} as editor: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const created = await e.post('/api/v2/transactions/', {
      ...tx,
      quantity: '0.25',
      portfolio_id: ids.portfolio,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const ownersView = await a.get(`/api/v2/transactions/${id}/`);
    expect(ownersView.statusCode).toBe(200);
    expect(ownersView.json().portfolio_id).toBe(ids.portfolio);
    const edited = await e.send('PUT', `/api/v2/transactions/${id}/`, {
      ...tx,
      quantity: '0.5',
      portfolio_id: ids.portfolio,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The owner's oversell rule holds for the editor: the portfolio holds 1.5 of which 0.2 left.
    const oversell = await e.post('/api/v2/transactions/', {
      ...tx,
      type: 'sell',
      quantity: '100',
      date: '2024-06-01T00:00:00Z',
      portfolio_id: ids.portfolio,
    });
    expect(oversell.statusCode).toBe(400);
    // Moving A's transaction into the editor's own portfolio reaches nothing outside the share.
    const moved = await e.send('PUT', `/api/v2/transactions/${id}/`, { ...tx, portfolio_id: own.portfolio });
    expect(moved.statusCode).toBe(404);
    const preview = await e.post(`/api/v2/portfolios/${ids.portfolio}/import/preview/`, {
      csv: `date,type,coin,quantity,price\n${day},buy,bitcoin,1,100\n`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const removed = await e.send('DELETE', `/api/v2/transactions/${id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await a.get(`/api/v2/transactions/${id}/`)).statusCode).toBe(404);
    // Owner-only routes stay closed: renaming, deleting, sharing further.
    expect((await e.send('PUT', `/api/v2/portfolios/${ids.portfolio}/`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await e.send('DELETE', `/api/v2/portfolios/${ids.portfolio}/`)).statusCode).toBe(404);
    expect((await e.get(`/api/v2/portfolios/${ids.portfolio}/shares/`)).statusCode).toBe(404);
  });

  it('keeps tax settings and the dashboard of all portfolios to each account’s own', async () => {
    expect((await a.send('PATCH', '/api/v2/tax/settings/', { rule: 'uk' })).statusCode).toBe(200);
    expect((await e.get('/api/v2/tax/settings/')).json().rule).not.toBe('uk');
    const all = await e.get('/api/v2/dashboard/?metrics=holdings');
    expect(all.statusCode).toBe(200);
    const lots = await e.get(`/api/v2/tax/lots/?portfolio_id=${ids.portfolio}`);
    expect(lots.statusCode).toBe(404);
  });

  it('ends at once when the owner revokes it or the member leaves', async () => {
    const path = `/api/v2/transactions/?portfolio_id=${ids.portfolio}`;
    expect((await e.get(path)).json().count).toBeGreaterThan(0);
    expect(
      (await a.send('DELETE', `/api/v2/portfolios/${ids.portfolio}/shares/${shareIds.editor}/`)).statusCode,
    ).toBe(204);
    expect((await e.get(path)).json().count).toBe(0);
    expect((await e.get(`/api/v2/transactions/${ids.transaction}/`)).statusCode).toBe(404);
    expect(
      ((await e.get('/api/v2/portfolios/')).json().results as { id: string }[]).map((p) => p.id),
    ).not.toContain(ids.portfolio);

    const leave = `/api/v2/portfolios/${ids.portfolio}/shares/${shareIds.viewer}/`;
    expect((await s.send('DELETE', leave)).statusCode).toBe(404);
    expect((await v.send('DELETE', leave)).statusCode).toBe(204);
    expect((await v.get(`/api/v2/transactions/${ids.transaction}/`)).statusCode).toBe(404);
  });
});
