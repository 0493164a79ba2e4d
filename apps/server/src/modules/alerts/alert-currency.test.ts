import { type Alert, alertSchema, notificationListResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createTestMarket } from '../../test/test-market.ts';
import { type AlertEngine, createAlertEngine } from './alert-engine.ts';

const market = createTestMarket();
const bus = createMemoryEventBus();
let t: TestApp;
let engine: AlertEngine;

beforeAll(async () => {
  t = await createTestApp({ market, bus });
  engine = createAlertEngine({ db: t.database.db, market, bus, clock: t.clock });
  // 0.8 euros and 0.75 pounds to the dollar.
  market.setUsdRate('eur', 0.8);
  market.setUsdRate('gbp', 0.75);
});
afterAll(async () => {
  await t?.close();
});

const price = { type: 'indicator', metric: 'price' };
const value = (v: number) => ({ type: 'value', value: v });
const history = Array.from({ length: 60 }, (_, i) => 100 + i * 0.1);

async function signedInWithBase(base: string): Promise<TestClient> {
  const c = t.client();
  await signUp(c);
  const res = await c.send('PATCH', '/api/v2/settings/', { base_currency: base });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function create(c: TestClient, body: Record<string, unknown>): Promise<Alert> {
  const res = await c.post('/api/v2/alerts/', body);
  expect(res.statusCode, res.body).toBe(201);
  return alertSchema.parse(res.json());
}

async function notificationsOf(c: TestClient) {
  return notificationListResponseSchema.parse((await c.get('/api/v2/notifications/')).json());
}

async function tickAt(coin: string, usdPrice: number) {
  t.clock.advance(1_000);
  market.setPrice(coin, usdPrice);
  return engine.tick();
}

describe('price thresholds in the base currency', () => {
  it('fires a EUR threshold when the EUR price crosses it, not on the dollar figure', async () => {
    market.setCoin('fx-a', history, 100);
    const c = await signedInWithBase('eur');
    const alert = await create(c, { coin_id: 'fx-a', left: price, op: '>=', right: value(90) });
    expect(alert.currency).toBe('eur');

    // $100 is €80: the dollar number is above 90, the euro price is not.
    await tickAt('fx-a', 100);
    expect((await notificationsOf(c)).count).toBe(0);
    // $110 is €88: still below.
    await tickAt('fx-a', 110);
    expect((await notificationsOf(c)).count).toBe(0);
    // $115 is €92: crossed.
    await tickAt('fx-a', 115);
    const list = await notificationsOf(c);
    expect(list.count).toBe(1);
    const payload = list.results[0]?.event_payload;
    expect(payload?.values_currency).toBe('eur');
    expect(payload?.left.value).toBeCloseTo(92, 9);
    expect(payload?.right.value).toBe(90);
  });

  it('keeps the alert in its own currency when the user changes base currency', async () => {
    market.setCoin('fx-b', history, 100);
    const c = await signedInWithBase('eur');
    await create(c, { coin_id: 'fx-b', left: price, op: 'crosses_above', right: value(85) });
    expect((await c.send('PATCH', '/api/v2/settings/', { base_currency: 'gbp' })).statusCode).toBe(200);
    const listed = (await c.get('/api/v2/alerts/')).json().results as Alert[];
    expect(listed[0]?.currency).toBe('eur');

    await tickAt('fx-b', 100); // €80 (£75)
    // $110 is €88 and £82.50: crosses the euro threshold, which a pound reading would not.
    await tickAt('fx-b', 110);
    const list = await notificationsOf(c);
    expect(list.count).toBe(1);
    expect(list.results[0]?.event_payload.values_currency).toBe('eur');
  });

  it('takes a currency given, keeps old and indicator alerts in dollars, and reads the rates once per tick', async () => {
    market.setCoin('fx-c', history, 100);
    const c = await signedInWithBase('eur');
    const inDollars = await create(c, {
      coin_id: 'fx-c',
      left: price,
      op: '>=',
      right: value(105),
      currency: 'usd',
    });
    expect(inDollars.currency).toBe('usd');
    const rsi = await create(c, {
      coin_id: 'fx-c',
      left: { type: 'indicator', metric: 'rsi', params: { period: 14 } },
      op: '>=',
      right: value(1),
      currency: 'gbp',
    });
    expect(rsi.currency).toBeNull();
    for (const level of [81, 82, 83]) {
      await create(c, { coin_id: 'fx-c', left: price, op: '>=', right: value(level), currency: 'gbp' });
    }
    market.rateReads.count = 0;
    await tickAt('fx-c', 110); // $110, €88, £82.50
    expect(market.rateReads.count).toBe(1);
    const fired = (await notificationsOf(c)).results.map((n) => [
      n.event_payload.right.value,
      n.event_payload.values_currency ?? 'usd',
    ]);
    expect(fired).toEqual(
      expect.arrayContaining([
        [105, 'usd'],
        [1, 'usd'],
        [81, 'gbp'],
        [82, 'gbp'],
      ]),
    );
    expect(fired).toHaveLength(4);
  });

  it('refuses a currency it does not know with a 400', async () => {
    market.setCoin('fx-d', history, 100);
    const c = await signedInWithBase('eur');
    const res = await c.post('/api/v2/alerts/', {
      coin_id: 'fx-d',
      left: price,
      op: '>=',
      right: value(1),
      currency: 'xyz',
    });
    expect(res.statusCode).toBe(400);
  });
});
