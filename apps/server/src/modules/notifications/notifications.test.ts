import { type Alert, alertMessages, notificationListResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createTestMarket } from '../../test/test-market.ts';
import { createAlertEngine } from '../alerts/index.ts';

const market = createTestMarket();
const bus = createMemoryEventBus();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market, bus });
});
afterAll(async () => {
  await t?.close();
});

let coinCounter = 0;
/** A user with `n` notifications, written by the real engine one tick (and one minute) apart. */
async function userWithNotifications(n: number): Promise<{ c: TestClient; alert: Alert }> {
  const coin = `note-${++coinCounter}`;
  market.setCoin(coin, [1, 2, 3], 5);
  const c = t.client();
  await signUp(c);
  const res = await c.post('/api/v2/alerts/', {
    coin_id: coin,
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 10 },
  });
  const alert = res.json() as Alert;
  const engine = createAlertEngine({ db: t.database.db, market, bus, clock: t.clock });
  for (let i = 0; i < n; i++) {
    t.clock.advance(60_000);
    market.setPrice(coin, 11 + i);
    await engine.tick();
    market.setPrice(coin, 5);
    await engine.tick();
  }
  return { c, alert };
}

const list = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/v2/notifications/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return notificationListResponseSchema.parse(res.json());
};

describe('GET /api/v2/notifications/', () => {
  it('pages newest first with the unread count', async () => {
    const { c } = await userWithNotifications(3);
    const first = await list(c, '?page_size=2');
    expect(first.count).toBe(3);
    expect(first.unread_count).toBe(3);
    expect(first.results.map((n) => n.event_payload.left.value)).toEqual([13, 12]);
    expect(first.next).toBe('/api/v2/notifications/?page=2&page_size=2');
    expect(first.previous).toBeNull();
    const second = await list(c, '?page=2&page_size=2');
    expect(second.results.map((n) => n.event_payload.left.value)).toEqual([11]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/v2/notifications/?page=1&page_size=2');
  });

  it('bad paging → 400 with field details', async () => {
    const { c } = await userWithNotifications(0);
    const res = await c.get('/api/v2/notifications/?page=0&page_size=1000');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.details.fields).sort()).toEqual([
      'querystring.page',
      'querystring.page_size',
    ]);
  });

  it('with no active alert the badge is zero and the list is empty', async () => {
    const { c, alert } = await userWithNotifications(2);
    expect((await list(c)).count).toBe(2);
    await c.send('PATCH', `/api/v2/alerts/${alert.id}/`, { active: false });
    expect(await list(c)).toMatchObject({ count: 0, unread_count: 0, results: [] });
  });

  it('requires a session', async () => {
    expect((await t.client().get('/api/v2/notifications/')).statusCode).toBe(401);
  });
});

describe('POST read/ and read-all/', () => {
  it('marks the given ids read and reports the new unread count', async () => {
    const { c } = await userWithNotifications(3);
    const [a, b] = (await list(c)).results;
    const res = await c.post('/api/v2/notifications/read/', { ids: [a?.id, b?.id, a?.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unread_count: 1 });
    const after = await list(c);
    expect(after.results.map((n) => n.is_read)).toEqual([true, true, false]);
  });

  it("ids of another user's notifications, unknown or malformed ids change nothing", async () => {
    const owner = await userWithNotifications(2);
    const intruder = await userWithNotifications(1);
    const ownerIds = (await list(owner.c)).results.map((n) => n.id);
    const res = await intruder.c.post('/api/v2/notifications/read/', {
      ids: [...ownerIds, 'garbage', '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.json()).toEqual({ updated: 0, unread_count: 1 });
    expect((await list(owner.c)).unread_count).toBe(2);
  });

  it('empty or missing ids → 400 on ids', async () => {
    const { c } = await userWithNotifications(0);
    for (const body of [{ ids: [] }, {}]) {
      const res = await c.post('/api/v2/notifications/read/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields.ids).toEqual([alertMessages.idsRequired]);
    }
  });

  it('read-all marks only my notifications', async () => {
    const mine = await userWithNotifications(2);
    const theirs = await userWithNotifications(2);
    const res = await mine.c.post('/api/v2/notifications/read-all/');
    expect(res.json()).toEqual({ updated: 2, unread_count: 0 });
    expect((await list(mine.c)).results.every((n) => n.is_read)).toBe(true);
    expect((await list(theirs.c)).unread_count).toBe(2);
  });
});
