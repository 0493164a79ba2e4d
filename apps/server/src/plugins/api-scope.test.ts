import {
  cleanTextMessage,
  csrfCookieName,
  csrfHeaderName,
  errorCodes,
  errorEnvelopeSchema,
} from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, concreteUrl, mutatingRoutes, pathVariants } from '../test/route-table.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUp, type TestClient } from '../test/test-client.ts';
import { registerApiScope, registerRouteTable } from './api-scope.ts';

let t: TestApp;
let a: TestClient;
let tokens: { a: string; b: string; anonymous: string };

beforeAll(async () => {
  t = await createTestApp();
  a = t.client();
  const b = t.client();
  const anonymous = t.client();
  await signUp(a);
  await signUp(b);
  tokens = { a: await a.csrf(), b: await b.csrf(), anonymous: await anonymous.csrf() };
});
afterAll(async () => {
  await t?.close();
});

/** A's session cookie with the given CSRF cookie and header (undefined: not sent). */
function asA(token: { cookie?: string; header?: string }) {
  const session = a
    .cookieHeader()
    .split('; ')
    .filter((c) => !c.startsWith(`${csrfCookieName}=`));
  if (token.cookie !== undefined) session.push(`${csrfCookieName}=${token.cookie}`);
  const headers: Record<string, string> = { cookie: session.join('; '), 'content-type': 'application/json' };
  if (token.header !== undefined) headers[csrfHeaderName] = token.header;
  return headers;
}

function expectEnvelope(body: string, code: string) {
  const parsed = errorEnvelopeSchema.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
}

describe('the route table', () => {
  it('declares public or signed-in on every /api route', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes)
      expect(['public', 'user'], `${route.method} ${route.url}`).toContain(route.auth);
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.inApiScope)).toEqual([]);
  });

  it('refuses to start with a route that does not say who may call it', async () => {
    const app = Fastify();
    registerRouteTable(app);
    const options = { secure: false, csrf: { secret: 'x'.repeat(32), secure: false } };
    const sessions = {} as Parameters<typeof registerApiScope>[1]['sessions'];
    await expect(
      registerApiScope(app, { ...options, sessions }, async (api) => {
        api.get('/api/forgot', async () => ({}));
      }),
    ).rejects.toThrow(/declare config.auth/);
  });

  it('refuses to start with an /api route outside the scope', async () => {
    const app = Fastify();
    registerRouteTable(app);
    app.get('/api/outside', { config: { auth: 'public' } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/inside the API scope/);
  });
});

describe('CSRF on every mutating route (generated from the route table)', () => {
  it('answers 403 for no token, a wrong token, another session’s token and an anonymous token', async () => {
    const routes = mutatingRoutes(t.app);
    expect(routes.length).toBeGreaterThan(25);
    const forged = `${tokens.a.split('.')[0]}.${'0'.repeat(64)}`;
    const cases = {
      'no token': {},
      'no header': { cookie: tokens.a },
      'wrong token': { cookie: forged, header: forged },
      'header differs from cookie': { cookie: tokens.a, header: tokens.b },
      "another session's token": { cookie: tokens.b, header: tokens.b },
      'anonymous token': { cookie: tokens.anonymous, header: tokens.anonymous },
    };
    for (const route of routes) {
      for (const [name, token] of Object.entries(cases)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: asA(token),
          payload: '{}',
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${name}`).toBe(403);
        expectEnvelope(res.body, errorCodes.csrfFailed);
      }
    }
  });

  it('answers every spelling of a mutating path like the canonical path', async () => {
    for (const route of mutatingRoutes(t.app)) {
      const url = concreteUrl(route.url);
      for (const variant of pathVariants(url)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: variant,
          headers: asA({}),
          payload: '{}',
        });
        expect(res.statusCode, `${route.method} ${variant}`).toBe(403);
        expectEnvelope(res.body, errorCodes.csrfFailed);
      }
    }
  });

  it('refuses a form sign-in at an escaped path without a token (login CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });
});

describe('the auth guard', () => {
  it('answers 401 before validation on every signed-in route, whatever the body', async () => {
    for (const route of apiRoutes(t.app).filter((r) => r.auth === 'user')) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: `${concreteUrl(route.url)}?page=-1&limit=abc`,
        headers: { 'content-type': 'application/json', [csrfHeaderName]: tokens.anonymous },
        payload: '{"name":7,"__proto__":{"x":1}}',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expectEnvelope(res.body, errorCodes.authRequired);
    }
  });

  it('answers the signed-in GET routes the same on every spelling of the path', async () => {
    for (const route of apiRoutes(t.app).filter((r) => r.method === 'GET' && r.auth === 'user')) {
      if (route.url.includes('events/stream')) continue; // a stream never ends
      const url = concreteUrl(route.url);
      const canonical = await a.get(url);
      for (const variant of pathVariants(url)) {
        const res = await a.get(variant);
        expect(res.statusCode, `GET ${variant}`).toBe(canonical.statusCode);
      }
    }
  });
});

describe('router and body-parser errors in the envelope', () => {
  it.each([
    ['GET', '/api/nope', 404, errorCodes.routeNotFound],
    ['PATCH', '/api/v2/portfolios/', 405, errorCodes.methodNotAllowed],
    ['GET', '/api/%zz/', 400, errorCodes.badUrl],
    ['GET', `/api/v2/transactions/${'x'.repeat(500)}/`, 414, errorCodes.uriTooLong],
  ])('%s %s → %i', async (method, url, status, code) => {
    const res = await a.request(method, url);
    expect(res.statusCode).toBe(status);
    expectEnvelope(res.body, code);
  });

  it('says which methods a path takes on 405', async () => {
    const res = await a.request('PATCH', '/api/v2/portfolios/');
    expect(res.headers.allow).toBe('GET, POST, HEAD');
  });

  it('answers malformed JSON, a too large body and an unknown content type in the envelope', async () => {
    const token = await a.csrf();
    const headers = { [csrfHeaderName]: token, 'content-type': 'application/json' };
    const bad = await a.request('POST', '/api/v2/portfolios/', { headers, raw: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expectEnvelope(bad.body, errorCodes.malformedJson);
    const big = await a.request('POST', '/api/v2/portfolios/', {
      headers,
      raw: `"${'x'.repeat(1024 * 1024)}"`,
    });
    expect(big.statusCode).toBe(413);
    expectEnvelope(big.body, errorCodes.payloadTooLarge);
    const odd = await a.request('POST', '/api/v2/portfolios/', {
      headers: { ...headers, 'content-type': 'text/x-odd' },
      raw: 'x',
    });
    expect(odd.statusCode).toBe(415);
    expectEnvelope(odd.body, errorCodes.unsupportedMediaType);
  });
});

describe('clean text at the contract', () => {
  it('answers NUL and other control characters in any field, query or param with a 400 field error', async () => {
    const nul = await a.post('/api/v2/portfolios/', { name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.details.fields).toEqual({ name: [cleanTextMessage] });
    const query = await a.get('/api/v2/projections/exit-strategy/portfolio-data/?coin_id=%00');
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().error.details.fields)).toEqual(['querystring.coin_id']);
    const surrogate = await a.post('/api/v2/portfolios/', { name: 'x\ud800' });
    expect(surrogate.statusCode).toBe(400);
    const key = await a.post('/api/v2/portfolios/', { name: 'ok', 'bad\u0001key': 1 });
    expect(key.statusCode).toBe(400);
    // Tabs and newlines are text.
    const note = await a.post('/api/v2/portfolios/', { name: 'Tab\there' });
    expect(note.statusCode).toBe(201);
  });

  it('refuses a CSV with a NUL at preview', async () => {
    const portfolio = await a.post('/api/v2/portfolios/', { name: 'CSV' });
    const res = await a.post(`/api/v2/portfolios/${portfolio.json().id}/import/preview/`, {
      csv: 'date,type,coin,quantity,price\n2024-01-01,buy,btc,1\u0000,100\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual({ csv: [cleanTextMessage] });
  });
});

describe('URLs the server stores or redirects to', () => {
  it('stores a coin image from outside the allowed hosts as blank', async () => {
    const base = '/api/v2/projections/exit-strategy/';
    const body = {
      name: 'BTC Position',
      coin_id: 'bitcoin',
      coin_name: 'Bitcoin',
      coin_symbol: 'btc',
      invested_capital: '100',
      tokens_owned: '1',
      sell_tax: '0',
    };
    const hostile = await a.post(base, { ...body, coin_image: 'javascript:alert(4)' });
    expect(hostile.statusCode).toBe(201);
    expect(hostile.json().coin_image).toBe('');
    const allowed = 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png';
    const updated = await a.send('PUT', `${base}${hostile.json().id}/`, { ...body, coin_image: allowed });
    expect(updated.json().coin_image).toBe(allowed);
    const elsewhere = await a.send('PUT', `${base}${hostile.json().id}/`, {
      ...body,
      coin_image: 'https://evil.example/x.png',
    });
    expect(elsewhere.json().coin_image).toBe('');
  });

  it('signs in with a return_to outside Latin-1 and redirects to it encoded', async () => {
    const c = t.client();
    const { email, password } = await signUp(c);
    const fresh = t.client();
    await fresh.get('/api/auth/login');
    const res = await fresh.postForm('/api/auth/login', { email, password, return_to: '/portfolios?n=€ ✓' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portfolios?n=%E2%82%AC%20%E2%9C%93');
    expect(fresh.cookies.get('session')).toBeDefined();
  });
});
