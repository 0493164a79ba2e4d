import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbIdempotencyStore } from '../db/idempotency-store.ts';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { idempotencyTtlMs } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const buy = (portfolioId: string) => ({
  portfolio_id: portfolioId,
  coin_id: 'bitcoin',
  type: 'buy',
  quantity: '0.5',
  price_per_coin: '100',
  fee: '0',
  date: '2024-01-01T00:00:00Z',
  note: 'replayed',
});

async function transactionCount(u: Awaited<ReturnType<typeof portfolioUser>>, portfolioId: string) {
  const res = await u.client.get(`/api/v2/transactions/?portfolio_id=${portfolioId}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { count?: number; results?: unknown[] } | unknown[];
  return Array.isArray(body) ? body.length : (body.count ?? body.results?.length ?? 0);
}

describe('Idempotency-Key on writes (offline replay)', () => {
  it('applies a repeated key once and answers the repeat with the first answer', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const headers = { 'idempotency-key': 'offline-write-0001' };
    const first = await u.client.post('/api/v2/transactions/', buy(p.id), headers);
    expect(first.statusCode).toBe(201);
    const again = await u.client.post('/api/v2/transactions/', buy(p.id), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await transactionCount(u, p.id)).toBe(1);
    // Without a key every request is its own write.
    expect((await u.client.post('/api/v2/transactions/', buy(p.id))).statusCode).toBe(201);
    expect(await transactionCount(u, p.id)).toBe(2);
  });

  it('keeps keys per user: the same key from another user is an independent write', async () => {
    const a = await portfolioUser(t.client());
    const b = await portfolioUser(t.client());
    const pa = await a.portfolio();
    const pb = await b.portfolio();
    const headers = { 'idempotency-key': 'shared-key-between-users' };
    const fromA = await a.client.post('/api/v2/transactions/', buy(pa.id), headers);
    const fromB = await b.client.post('/api/v2/transactions/', buy(pb.id), headers);
    expect(fromA.statusCode).toBe(201);
    expect(fromB.statusCode).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.json().id).not.toBe(fromA.json().id);
    expect(await transactionCount(a, pa.id)).toBe(1);
    expect(await transactionCount(b, pb.id)).toBe(1);
  });

  it('does not keep a refusal: the same key sent again after a 4xx really runs again', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const headers = { 'idempotency-key': 'refused-then-fixed' };
    const refused = await u.client.post('/api/v2/transactions/', { ...buy(p.id), quantity: '-1' }, headers);
    expect(refused.statusCode).toBe(400);
    const sent = await u.client.post('/api/v2/transactions/', buy(p.id), headers);
    expect(sent.statusCode).toBe(201);
    expect(await transactionCount(u, p.id)).toBe(1);
  });

  it('refuses the key on another route, and a malformed key, in the error envelope', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const headers = { 'idempotency-key': 'one-key-one-route' };
    expect((await u.client.post('/api/v2/transactions/', buy(p.id), headers)).statusCode).toBe(201);
    const other = await u.client.post('/api/v2/portfolios/', { name: 'Other' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('conflict');
    const bad = await u.client.post('/api/v2/portfolios/', { name: 'Bad' }, { 'idempotency-key': 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
  });

  it('asks a repeat that arrives while the first is still running to try again shortly', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    // What the first request's claim looks like while its handler runs.
    const now = t.clock();
    await createDbIdempotencyStore(t.database.db).claim({
      userId: u.user.id,
      key: 'still-running-key',
      route: 'POST /api/v2/transactions/',
      now,
      expiresAt: new Date(now.getTime() + idempotencyTtlMs),
    });
    const early = await u.client.post('/api/v2/transactions/', buy(p.id), {
      'idempotency-key': 'still-running-key',
    });
    expect(early.statusCode).toBe(409);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json().error.details).toEqual({ in_progress: true });
    expect(await transactionCount(u, p.id)).toBe(0);
  });

  it('forgets an answer after a day', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const headers = { 'idempotency-key': 'expires-after-a-day' };
    expect((await u.client.post('/api/v2/transactions/', buy(p.id), headers)).statusCode).toBe(201);
    t.clock.advance(idempotencyTtlMs + 1000);
    const later = await u.client.post('/api/v2/transactions/', buy(p.id), headers);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await transactionCount(u, p.id)).toBe(2);
  });
});
