import {
  type AccessTokenCreated,
  accessTokenCreatedSchema,
  accessTokenListSchema,
  accessTokenMessages,
  accessTokenUsesSchema,
  errorEnvelopeSchema,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, transactions } from '../../db/schema/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof portfolioUser>>;
let b: Awaited<ReturnType<typeof portfolioUser>>;
let main: { id: string };
let other: { id: string };

beforeAll(async () => {
  t = await createTestApp({ env: { LIMIT_TOKEN_REQUESTS_PER_MINUTE: '40' } });
  a = await portfolioUser(t.client());
  b = await portfolioUser(t.client());
  main = await a.portfolio({ name: 'Main' });
  other = await a.portfolio({ name: 'Other' });
  await a.ok(main.id, {});
  await a.ok(other.id, { quantity: '2' });
});
afterAll(async () => {
  await t?.close();
});

async function makeToken(user: typeof a, body: Record<string, unknown> = {}): Promise<AccessTokenCreated> {
  const res = await user.client.post('/api/v2/tokens/', { name: 'Script', scopes: ['read'], ...body });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return accessTokenCreatedSchema.parse(res.json());
}

const bearer = (token: string, method: string, url: string, json?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
  });

const newTx = (portfolioId: string) => ({
  portfolio_id: portfolioId,
  coin_id: 'bitcoin',
  type: 'buy',
  quantity: '0.5',
  price_per_coin: '100',
  fee: '0',
  date: '2024-02-01T00:00:00Z',
  note: '',
});

const countRows = async (portfolioId: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.portfolioId, portfolioId))).length;

describe('personal access tokens', () => {
  it('are shown once, stored as a digest, and listed by their prefix', async () => {
    const made = await makeToken(a, { expires_in_days: 30 });
    expect(made.token).toMatch(/^elt_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.token.slice(0, 12));
    expect(Date.parse(made.expires_at ?? '') - Date.parse(made.created_at)).toBe(30 * 86_400_000);
    const [stored] = await t.database.db.select().from(accessTokens).where(eq(accessTokens.id, made.id));
    expect(JSON.stringify(stored)).not.toContain(made.token);
    const list = accessTokenListSchema.parse((await a.client.get('/api/v2/tokens/')).json());
    expect(list.tokens.find((x) => x.id === made.id)).toMatchObject({
      prefix: made.prefix,
      scopes: ['read'],
    });
    expect(JSON.stringify(list)).not.toContain(made.token);
  });

  it('read what the user can see, without a CSRF token and without cookies', async () => {
    const { token } = await makeToken(a);
    const res = await bearer(token, 'GET', '/api/v2/portfolios/');
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain(main.id);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('write only with the scope that opens the route, and a read token changes nothing', async () => {
    const reader = await makeToken(a);
    const before = await countRows(main.id);
    const refused = await bearer(reader.token, 'POST', '/api/v2/transactions/', newTx(main.id));
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).error.message).toBe(accessTokenMessages.outOfScope);
    expect(await countRows(main.id)).toBe(before);

    const writer = await makeToken(a, { scopes: ['read', 'write:transactions'] });
    const added = await bearer(writer.token, 'POST', '/api/v2/transactions/', newTx(main.id));
    expect(added.statusCode).toBe(201);
    expect(await countRows(main.id)).toBe(before + 1);
    // The same validation as a browser's request.
    const bad = await bearer(writer.token, 'POST', '/api/v2/transactions/', {
      ...newTx(main.id),
      quantity: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(await countRows(main.id)).toBe(before + 1);
    // Alerts need their own scope.
    const alert = await bearer(writer.token, 'POST', '/api/v2/alerts/', {});
    expect(alert.statusCode).toBe(403);
  });

  it('never reach the account, sessions, tokens or delivery secrets', async () => {
    const all = await makeToken(a, { scopes: ['read', 'write:transactions', 'write:alerts'] });
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/v2/tokens/'],
      ['POST', '/api/v2/tokens/'],
      ['GET', '/api/v2/notification-channels/'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await bearer(all.token, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorEnvelopeSchema.parse(res.json()).error.message).toBe(accessTokenMessages.neverForTokens);
    }
  });

  it('answer 401 with the same words when malformed, unknown, revoked or expired', async () => {
    const revoked = await makeToken(a);
    expect((await a.client.send('DELETE', `/api/v2/tokens/${revoked.id}/`)).statusCode).toBe(204);
    const expiring = await makeToken(a, { expires_in_days: 30 });
    t.clock.advance(31 * 86_400_000);
    try {
      for (const value of ['', 'nonsense', `elt_${'x'.repeat(43)}`, revoked.token, expiring.token]) {
        const res = await bearer(value, 'GET', '/api/v2/portfolios/');
        expect(res.statusCode, value).toBe(401);
        expect(errorEnvelopeSchema.parse(res.json()).error.message).toBe(accessTokenMessages.invalid);
        expect(res.body).not.toContain(value || 'Bearer');
      }
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('restricted to some portfolios see the others as another user would', async () => {
    const { token } = await makeToken(a, {
      portfolio_ids: [main.id],
      scopes: ['read', 'write:transactions'],
    });
    const list = await bearer(token, 'GET', '/api/v2/portfolios/');
    expect(JSON.stringify(list.json())).toContain(main.id);
    expect(JSON.stringify(list.json())).not.toContain(other.id);
    expect((await bearer(token, 'GET', `/api/v2/portfolios/${other.id}/transactions/`)).statusCode).toBe(404);
    const rows = await bearer(token, 'GET', '/api/v2/transactions/');
    expect(JSON.stringify(rows.json())).not.toContain(other.id);
    const before = await countRows(other.id);
    expect((await bearer(token, 'POST', '/api/v2/transactions/', newTx(other.id))).statusCode).toBe(404);
    expect(await countRows(other.id)).toBe(before);
  });

  it('of user B never see user A’s data, and B cannot restrict a token to A’s portfolio', async () => {
    const { token } = await makeToken(b);
    expect((await bearer(token, 'GET', `/api/v2/portfolios/${main.id}/transactions/`)).statusCode).toBe(404);
    expect(JSON.stringify((await bearer(token, 'GET', '/api/v2/transactions/')).json())).not.toContain(
      main.id,
    );
    const res = await b.client.post('/api/v2/tokens/', {
      name: 'x',
      scopes: ['read'],
      portfolio_ids: [main.id],
    });
    expect(res.statusCode).toBe(400);
  });

  it('keep what each token did, by route pattern, never the values or the token', async () => {
    const made = await makeToken(a);
    await bearer(made.token, 'GET', `/api/v2/portfolios/${main.id}/transactions/`);
    await bearer(made.token, 'POST', '/api/v2/transactions/', newTx(main.id));
    await new Promise((r) => setTimeout(r, 100));
    const uses = accessTokenUsesSchema.parse(
      (await a.client.get(`/api/v2/tokens/${made.id}/uses/`)).json(),
    ).uses;
    expect(uses.map((u) => [u.kind, u.target, u.status]).sort()).toEqual([
      ['route', 'GET /api/v2/portfolios/:id/transactions/', 200],
      ['route', 'POST /api/v2/transactions/', 403],
    ]);
    expect(JSON.stringify(uses)).not.toContain(main.id);
    const list = accessTokenListSchema.parse((await a.client.get('/api/v2/tokens/')).json());
    expect(list.tokens.find((x) => x.id === made.id)?.last_used_at).not.toBeNull();
    expect((await b.client.get(`/api/v2/tokens/${made.id}/uses/`)).statusCode).toBe(404);
  });

  it('are limited per token per minute', async () => {
    const { token } = await makeToken(a);
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++)
      statuses.push((await bearer(token, 'GET', '/api/v2/portfolios/')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429]);
  });

  it('refuse a bad request to make one, and changes nothing', async () => {
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['read'], expires_in_days: 7 },
      { name: 'x', scopes: ['read'], portfolio_ids: [] },
    ]) {
      const res = await a.client.post('/api/v2/tokens/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
