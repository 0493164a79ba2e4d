import { type Alert, alertLimits, alertMessages, alertSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createTestMarket } from '../../test/test-market.ts';

const market = createTestMarket();
market.setCoin(
  'bitcoin',
  Array.from({ length: 300 }, (_, i) => 50_000 + i * 10),
  60_000,
);
market.setCoin('newcoin', [1, 1.1, 1.2], 1.3);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market });
});
afterAll(async () => {
  await t?.close();
});

const price = { type: 'indicator', metric: 'price' };
const value = (v: number) => ({ type: 'value', value: v });
const rsi14 = { type: 'indicator', metric: 'rsi', params: { period: 14 } };

async function signedIn(): Promise<TestClient> {
  const c = t.client();
  await signUp(c);
  return c;
}

async function create(c: TestClient, body: Record<string, unknown>) {
  return c.post('/api/v2/alerts/', { coin_id: 'bitcoin', ...body });
}

describe('POST /api/v2/alerts/', () => {
  it.each([
    ['price >= 100000', { left: price, op: '>=', right: value(100000) }],
    ['rsi(14) <= 30', { left: rsi14, op: '<=', right: value(30) }],
    [
      'ema(50) >= sma(200)',
      {
        left: { type: 'indicator', metric: 'ema', params: { period: 50 }, value: null },
        op: '>=',
        right: { type: 'indicator', metric: 'sma', params: { period: 200 } },
      },
    ],
    [
      'macd_histogram crosses_above 0',
      { left: { type: 'indicator', metric: 'macd_histogram' }, op: 'crosses_above', right: value(0) },
    ],
  ])('accepts %s and returns the normalised alert', async (_name, body) => {
    const c = await signedIn();
    const res = await create(c, body);
    expect(res.statusCode, res.body).toBe(201);
    const alert = alertSchema.parse(res.json());
    expect(alert).toMatchObject({ coin_id: 'bitcoin', op: body.op, active: true, last_triggered_at: null });
    expect(alert.waiting_for_data).toBe(false);
    const list = (await c.get('/api/v2/alerts/')).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(alert.id);
  });

  it.each([
    [
      'unknown metric',
      { left: { type: 'indicator', metric: 'vwap' }, op: '>=', right: value(1) },
      'left.metric',
    ],
    [
      'missing period',
      { left: { type: 'indicator', metric: 'rsi' }, op: '<=', right: value(30) },
      'left.params.period',
    ],
    [
      'period below 2',
      { left: price, op: '>=', right: { type: 'indicator', metric: 'sma', params: { period: 1 } } },
      'right.params.period',
    ],
    [
      'period above 500',
      { left: { type: 'indicator', metric: 'ema', params: { period: 501 } }, op: '>=', right: value(1) },
      'left.params.period',
    ],
    ['both constants', { left: value(1), op: '>=', right: value(2) }, 'right'],
    ['unknown operator', { left: price, op: '>', right: value(2) }, 'op'],
    ['constant without value', { left: price, op: '>=', right: { type: 'value' } }, 'right.value'],
    // Found by the fuzzer: both sides failing their own checks once reached the body's check unparsed.
    [
      'two indicators without metrics',
      { left: { type: 'indicator', metric: null }, op: '>=', right: { type: 'indicator', metric: null } },
      'left.metric',
    ],
  ])('%s → 400 with field details, nothing stored', async (_name, body, field) => {
    const c = await signedIn();
    const res = await create(c, body);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.category).toBe('validation');
    expect(Object.keys(error.details.fields)).toContain(field);
    expect((await c.get('/api/v2/alerts/')).json().count).toBe(0);
  });

  it('missing or unknown coin → 400 on coin_id', async () => {
    const c = await signedIn();
    const missing = await c.post('/api/v2/alerts/', { left: price, op: '>=', right: value(1) });
    expect(missing.json().error.details.fields.coin_id).toEqual([alertMessages.coinRequired]);
    const unknown = await c.post('/api/v2/alerts/', {
      coin_id: 'nope',
      left: price,
      op: '>=',
      right: value(1),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields.coin_id).toEqual([alertMessages.coinUnknown]);
  });

  it('a coin without enough history is accepted and says it waits for data', async () => {
    const c = await signedIn();
    const res = await c.post('/api/v2/alerts/', {
      coin_id: 'newcoin',
      left: rsi14,
      op: '<=',
      right: value(30),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().waiting_for_data).toBe(true);
  });

  it('enforces the per-user limit with a clear message', async () => {
    const c = await signedIn();
    for (let i = 0; i < alertLimits.perUser; i++) {
      const res = await create(c, { left: price, op: '>=', right: value(i + 1) });
      expect(res.statusCode).toBe(201);
    }
    const over = await create(c, { left: price, op: '>=', right: value(999_999) });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({
      code: 'alert_limit_reached',
      category: 'business',
      message: alertMessages.limitReached(alertLimits.perUser),
    });
    expect((await c.get('/api/v2/alerts/')).json().count).toBe(alertLimits.perUser);
  });

  it('requires a session', async () => {
    const res = await t.client().post('/api/v2/alerts/', { coin_id: 'bitcoin' });
    expect(res.statusCode).toBe(401);
    expect((await t.client().get('/api/v2/alerts/')).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/v2/alerts/{id}/', () => {
  async function oneAlert(c: TestClient): Promise<Alert> {
    return alertSchema.parse((await create(c, { left: price, op: '>=', right: value(70_000) })).json());
  }

  it('pauses, resumes and edits; the merged condition is re-checked', async () => {
    const c = await signedIn();
    const alert = await oneAlert(c);
    const paused = await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, { active: false });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().active).toBe(false);
    const edited = await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, {
      op: 'crosses_above',
      active: true,
    });
    expect(edited.json()).toMatchObject({ op: 'crosses_above', active: true });
    // Left becomes a constant while right is already one: rejected on the merged condition.
    const bad = await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, { left: value(3) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.right).toEqual([alertMessages.bothConstant]);
    const empty = await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, {});
    expect(empty.statusCode).toBe(400);
    const stored = (await c.get('/api/v2/alerts/')).json().results[0];
    expect(stored.left).toEqual({
      type: 'indicator',
      metric: 'price',
      params: { period: null },
      value: null,
    });
  });

  it("another user's alert, or a malformed id, is 404 and untouched", async () => {
    const owner = await signedIn();
    const alert = await oneAlert(owner);
    const intruder = await signedIn();
    for (const id of [alert.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const patch = await intruder.send('PATCH', `/api/v2/alerts/${id}/`, { active: false });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().error.category).toBe('not_found');
      expect((await intruder.send('DELETE', `/api/v2/alerts/${id}/`)).statusCode).toBe(404);
    }
    expect((await owner.get('/api/v2/alerts/')).json().results[0].active).toBe(true);
  });

  it('deletes', async () => {
    const c = await signedIn();
    const alert = await oneAlert(c);
    expect((await c.send('DELETE', `/api/v2/alerts/${alert.id}/`)).statusCode).toBe(204);
    expect((await c.get('/api/v2/alerts/')).json().count).toBe(0);
    expect((await c.send('DELETE', `/api/v2/alerts/${alert.id}/`)).statusCode).toBe(404);
  });
});
