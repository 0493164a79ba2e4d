import { type Alert, alertSchema, notificationListResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BusEvent, createMemoryEventBus } from '../../events/event-bus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createTestMarket } from '../../test/test-market.ts';
import { type AlertEngine, createAlertEngine } from './alert-engine.ts';

const market = createTestMarket();
const bus = createMemoryEventBus();
const events: BusEvent[] = [];
bus.subscribe((e) => events.push(e));
let t: TestApp;
let engine: AlertEngine;

beforeAll(async () => {
  t = await createTestApp({ market, bus });
  engine = createAlertEngine({ db: t.database.db, market, bus, clock: t.clock });
});
afterAll(async () => {
  await t?.close();
});

const price = { type: 'indicator', metric: 'price' };
const value = (v: number) => ({ type: 'value', value: v });
/** 60 gently rising closes around 100: every indicator up to period 50 has a value. */
const history = Array.from({ length: 60 }, (_, i) => 100 + i * 0.1 + (i % 3) * 0.05);

async function signedIn(): Promise<TestClient> {
  const c = t.client();
  await signUp(c);
  return c;
}

async function create(c: TestClient, body: Record<string, unknown>): Promise<Alert> {
  const res = await c.post('/api/v2/alerts/', body);
  expect(res.statusCode, res.body).toBe(201);
  return alertSchema.parse(res.json());
}

async function notificationsOf(c: TestClient) {
  const res = await c.get('/api/v2/notifications/');
  expect(res.statusCode).toBe(200);
  return notificationListResponseSchema.parse(res.json());
}

async function tickAt(coin: string, p: number) {
  // Each tick at its own instant, so "newest first" is well defined.
  t.clock.advance(1_000);
  market.setPrice(coin, p);
  return engine.tick();
}

beforeEach(() => {
  events.length = 0;
});

describe('alert engine through the database', () => {
  it('>= fires on the transition, stays quiet while true, re-arms when false again', async () => {
    market.setCoin('eng-a', history, 90);
    const c = await signedIn();
    await create(c, { coin_id: 'eng-a', left: price, op: '>=', right: value(100) });

    await tickAt('eng-a', 90);
    expect((await notificationsOf(c)).count).toBe(0);

    await tickAt('eng-a', 101);
    let list = await notificationsOf(c);
    expect(list.count).toBe(1);
    expect(list.unread_count).toBe(1);
    expect(list.results[0]).toMatchObject({
      is_read: false,
      coin_coingecko_id: 'eng-a',
      event_payload: {
        left: { type: 'indicator', metric: 'price', params: { period: null }, value: 101 },
        op: '>=',
        right: { type: 'value', metric: null, params: { period: null }, value: 100 },
      },
    });
    expect(events).toContainEqual({
      type: 'notification',
      userId: expect.any(String),
      notificationId: list.results[0]?.id,
    });

    await tickAt('eng-a', 105); // still true: no repeat
    expect((await notificationsOf(c)).count).toBe(1);
    await tickAt('eng-a', 99); // false: re-armed
    expect((await notificationsOf(c)).count).toBe(1);
    await tickAt('eng-a', 100); // equality holds for >=
    list = await notificationsOf(c);
    expect(list.count).toBe(2);
    expect(list.results[0]?.event_payload.left.value).toBe(100);
    const alerts = (await c.get('/api/v2/alerts/')).json().results as Alert[];
    expect(alerts[0]?.last_triggered_at).toBe(t.clock().toISOString());
  });

  it('crosses_below fires only on the crossing, never on the first evaluation', async () => {
    market.setCoin('eng-b', history, 120);
    const c = await signedIn();
    await create(c, { coin_id: 'eng-b', left: price, op: 'crosses_below', right: value(110) });
    await tickAt('eng-b', 100); // first evaluation, already below: no crossing seen
    await tickAt('eng-b', 120);
    expect((await notificationsOf(c)).count).toBe(0);
    await tickAt('eng-b', 110); // touch
    await tickAt('eng-b', 109);
    expect((await notificationsOf(c)).count).toBe(1);
    await tickAt('eng-b', 105);
    expect((await notificationsOf(c)).count).toBe(1);
  });

  it('an indicator operand: rsi(14) <= 30 fires on a crash, with the value at that moment', async () => {
    const zigzag = Array.from({ length: 40 }, (_, i) => 100 + (i % 2 === 0 ? 1 : -1));
    market.setCoin('eng-c', zigzag, 100);
    const c = await signedIn();
    await create(c, {
      coin_id: 'eng-c',
      left: { type: 'indicator', metric: 'rsi', params: { period: 14 } },
      op: '<=',
      right: value(30),
    });
    await tickAt('eng-c', 100);
    expect((await notificationsOf(c)).count).toBe(0);
    await tickAt('eng-c', 80);
    const list = await notificationsOf(c);
    expect(list.count).toBe(1);
    const left = list.results[0]?.event_payload.left;
    expect(left).toMatchObject({ type: 'indicator', metric: 'rsi', params: { period: 14 } });
    expect(left?.value).toBeLessThanOrEqual(30);
  });

  it('a paused alert is not evaluated; resuming starts afresh and fires if the condition holds', async () => {
    market.setCoin('eng-d', history, 50);
    const c = await signedIn();
    const alert = await create(c, {
      coin_id: 'eng-d',
      left: price,
      op: '>=',
      right: value(100),
      active: false,
    });
    await tickAt('eng-d', 150);
    // With no active alert the list is empty anyway; check the row count after resuming.
    const resumed = await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, { active: true });
    expect(resumed.statusCode).toBe(200);
    expect((await notificationsOf(c)).count).toBe(0);
    await tickAt('eng-d', 150);
    expect((await notificationsOf(c)).count).toBe(1);
  });

  it('editing the condition resets the state', async () => {
    market.setCoin('eng-e', history, 150);
    const c = await signedIn();
    const alert = await create(c, { coin_id: 'eng-e', left: price, op: '>=', right: value(100) });
    await tickAt('eng-e', 150);
    expect((await notificationsOf(c)).count).toBe(1);
    await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, { right: value(120) });
    await tickAt('eng-e', 150); // still above, but the new condition was never seen false
    expect((await notificationsOf(c)).count).toBe(2);
  });

  it('a removed coin: its alerts keep their state and never fire; they resume when it returns', async () => {
    market.setCoin('eng-f', history, 90);
    const c = await signedIn();
    await create(c, { coin_id: 'eng-f', left: price, op: '>=', right: value(100) });
    await tickAt('eng-f', 90);
    market.removeCoin('eng-f');
    await engine.tick();
    expect((await notificationsOf(c)).count).toBe(0);
    market.setCoin('eng-f', history, 101);
    await engine.tick();
    expect((await notificationsOf(c)).count).toBe(1);
  });

  it('waits for data: too little history → accepted, flagged, and never fires on a partial value', async () => {
    market.setCoin('eng-g', history.slice(0, 10), 100);
    const c = await signedIn();
    const alert = await create(c, {
      coin_id: 'eng-g',
      left: { type: 'indicator', metric: 'sma', params: { period: 50 } },
      op: '<=',
      right: price,
    });
    expect(alert.waiting_for_data).toBe(true);
    await tickAt('eng-g', 1_000_000);
    expect((await notificationsOf(c)).count).toBe(0);
    market.setCoin('eng-g', history, 1_000_000);
    const listed = (await c.get('/api/v2/alerts/')).json().results as Alert[];
    expect(listed[0]?.waiting_for_data).toBe(false);
    await engine.tick();
    expect((await notificationsOf(c)).count).toBe(1);
  });

  it('computes each (coin, metric, period) once per tick however many alerts share it', async () => {
    market.setCoin('eng-h', history, 100);
    const c = await signedIn();
    const ema20 = { type: 'indicator', metric: 'ema', params: { period: 20 } };
    for (const level of [1, 2, 3, 4, 5]) {
      await create(c, { coin_id: 'eng-h', left: ema20, op: '>=', right: value(level) });
    }
    market.closeReads.clear();
    const result = await engine.tick();
    expect(market.closeReads.get('eng-h')).toBe(1);
    expect(result.fired).toBeGreaterThanOrEqual(5);
    expect((await notificationsOf(c)).count).toBe(5);
  });

  it("notifications are per user: another user's alert writes nothing for me", async () => {
    market.setCoin('eng-i', history, 50);
    const me = await signedIn();
    const other = await signedIn();
    await create(me, { coin_id: 'eng-i', left: price, op: '>=', right: value(1_000) });
    await create(other, { coin_id: 'eng-i', left: price, op: '>=', right: value(10) });
    await tickAt('eng-i', 60);
    expect((await notificationsOf(me)).count).toBe(0);
    expect((await notificationsOf(other)).count).toBe(1);
  });
});
