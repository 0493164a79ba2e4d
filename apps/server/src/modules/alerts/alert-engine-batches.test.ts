import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { type BusEvent, createMemoryEventBus } from '../../events/event-bus.ts';
import { createTestClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createTestMarket } from '../../test/test-market.ts';
import { type AlertEngine, createAlertEngine } from './alert-engine.ts';

/*
 * The engine writes a tick's firings in batches: one statement per batch writes the states, the
 * notifications and their outbox rows. These tests hold it to the rows the same firings write
 * one at a time (a batch of one) and through the engine's earlier, unbatched path, over a world
 * with every fan-out rule in play, and check that a failure part-way through leaves nothing.
 */

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.dispose()));
});

async function database(): Promise<Db> {
  const d = await createTestDatabase();
  opened.push(d);
  return d.database.db;
}

/** Fixed ids, so every database holds the same world and rows compare as they are. */
const uid = (kind: number, i: number) => `0000000${kind}-0000-4000-8000-${String(i).padStart(12, '0')}`;
const user = (i: number) => uid(1, i);
const channel = (i: number, n: number) => uid(2, i * 10 + n);
const users = 30;
const coins = ['bat-a', 'bat-b', 'bat-c', 'bat-d'];
const history = Array.from({ length: 60 }, (_, i) => 100 + Math.sin(i / 4) * 6 + i * 0.05);

const price = { type: 'indicator', metric: 'price', params: { period: null }, value: null };
const indicator = (metric: string, period: number | null) => ({
  type: 'indicator',
  metric,
  params: { period },
  value: null,
});
const value = (v: number) => ({ type: 'value', metric: null, params: { period: null }, value: v });

function alertsOf(i: number) {
  const level = 96 + (i % 9);
  return [
    { left: price, op: '>=', right: value(level) },
    { left: price, op: '<=', right: value(level + 4) },
    { left: price, op: 'crosses_above', right: value(level + 2) },
    { left: price, op: 'crosses_below', right: value(level) },
    { left: indicator('rsi', 14), op: '>=', right: value(50 + (i % 5)) },
    { left: indicator('ema', 5), op: 'crosses_above', right: indicator('sma', 10) },
    { left: indicator('macd_histogram', null), op: '<=', right: value(0) },
    { left: price, op: '>=', right: indicator('sma', 20) },
  ];
}

/**
 * Thirty users: some without channels, with an email, or with email and webhooks (one disabled,
 * one failing); quiet hours in two time zones, a daily digest, euros as base currency; alerts
 * that choose a channel, choose one that is not theirs, or take every channel.
 */
async function seedWorld(db: Db): Promise<void> {
  const exec = (q: string) => db.execute(sql.raw(q));
  for (let i = 0; i < users; i++) {
    await exec(`insert into users (id, email, username, password_hash)
      values ('${user(i)}', 'batch-${i}@example.test', 'batch${i}', 'x')`);
    if (i % 2 === 0)
      await exec(`insert into user_settings (user_id, base_currency) values ('${user(i)}', 'eur')`);
    const channels: string[] = [];
    if (i % 3 !== 0)
      channels.push(`('${channel(i, 0)}', '${user(i)}', 'email', null, 'Email', true, 'ok', null)`);
    if (i % 3 === 2)
      channels.push(`('${channel(i, 1)}', '${user(i)}', 'webhook', 'discord', 'Discord', true, 'ok', null)`);
    if (i % 5 === 0)
      channels.push(`('${channel(i, 2)}', '${user(i)}', 'webhook', 'slack', 'Off', false, 'ok', null)`);
    if (i % 7 === 0)
      channels.push(
        `('${channel(i, 3)}', '${user(i)}', 'webhook', 'json', 'Broken', true, 'failing', 'HTTP 410')`,
      );
    if (channels.length > 0)
      await exec(`insert into notification_channels (id, user_id, kind, preset, name, enabled, status, last_error)
        values ${channels.join(', ')}`);
    const prefs = [
      `'UTC', '22:00', '07:00', false`,
      `'UTC', null, null, true`,
      `'Asia/Tokyo', '08:00', '09:00', false`,
      null,
    ][i % 4];
    if (prefs)
      await exec(`insert into notification_preferences (user_id, time_zone, quiet_start, quiet_end, digest)
        values ('${user(i)}', ${prefs})`);
    const rows = alertsOf(i).map((a, k) => {
      const choice = [`'["${channel(i, 0)}"]'`, `'["${channel((i + 1) % users, 0)}"]'`, 'null'][k % 3];
      const q = (v: unknown) => `'${JSON.stringify(v)}'::jsonb`;
      return `('${uid(3, i * 100 + k)}', '${user(i)}', '${coins[(i + k) % coins.length]}', ${q(a.left)}, '${a.op}',
        ${q(a.right)}, ${choice}::jsonb)`;
    });
    await exec(
      `insert into alerts (id, user_id, coin_id, "left", op, "right", channel_ids) values ${rows.join(', ')}`,
    );
  }
}

/** Each round's prices: the first sight, a rise, a fall through most levels, a recovery. */
const rounds = [1, 1.06, 0.9, 1.01];

function createWorldMarket() {
  const market = createTestMarket();
  for (const coin of coins) market.setCoin(coin, history, 100);
  return {
    ...market,
    async getUsdRates() {
      return { usd: 1, eur: 0.5 };
    },
    setRound(round: number) {
      coins.forEach((coin, c) => {
        market.setPrice(coin, (100 + c * 1.5) * (rounds[round] ?? 1));
      });
    },
  };
}

interface World {
  db: Db;
  engine: AlertEngine;
  events: BusEvent[];
}

async function world(
  market: ReturnType<typeof createWorldMarket>,
  clock: () => Date,
  options: { writeBatch?: number; previousPath?: boolean },
): Promise<World> {
  const db = await database();
  await seedWorld(db);
  const bus = createMemoryEventBus();
  const events: BusEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const engine = createAlertEngine({ db, market, bus, clock, publicUrl: 'http://app.test', ...options });
  return { db, engine, events };
}

/** An error's message with its causes' (the query builder wraps the database's error). */
const causes = (error: unknown): string =>
  error instanceof Error ? `${error.message} / ${causes(error.cause)}` : String(error);

const all = async (db: Db, q: string) => rowsOf(await db.execute(sql.raw(q)));

/** Every row a tick writes, with the notification's random id replaced by its (alert, time). */
async function dump(db: Db) {
  return {
    notifications: await all(
      db,
      `select alert_id, user_id, coin_coingecko_id, event_payload, is_read, created_at
       from notifications order by alert_id, created_at`,
    ),
    deliveries: await all(
      db,
      `select d.user_id, d.channel_id, n.alert_id, n.created_at as notified_at,
         d.idempotency_key = d.notification_id::text || ':' || d.channel_id::text as key_is_notification_channel,
         d.message, d.status, d.attempts, d.next_attempt_at, d.locked_until, d.last_error, d.fired_at,
         d.delivered_at
       from notification_deliveries d join notifications n on n.id = d.notification_id
       order by n.alert_id, n.created_at, d.channel_id`,
    ),
    alerts: await all(
      db,
      `select id, state_last, state_last_strict, last_triggered_at, version, revision, active
       from alerts order by id`,
    ),
  };
}

describe('batched alert writes', () => {
  it('write exactly the rows of firing one by one and of the unbatched path', async () => {
    const market = createWorldMarket();
    const clock = createTestClock(new Date('2026-03-10T23:30:00.000Z'));
    const worlds = {
      batched: await world(market, clock, {}),
      smallBatches: await world(market, clock, { writeBatch: 7 }),
      oneByOne: await world(market, clock, { writeBatch: 1 }),
      previous: await world(market, clock, { previousPath: true }),
    };
    let fired = 0;
    for (let round = 0; round < rounds.length; round++) {
      market.setRound(round);
      clock.advance(60_000);
      const ticks = await Promise.all(Object.values(worlds).map((w) => w.engine.tick()));
      for (const t of ticks) expect(t.notifications).toBe(ticks[0]?.notifications);
      fired += ticks[0]?.notifications ?? 0;
    }

    const reference = await dump(worlds.oneByOne.db);
    // The world exercises what it should: many firings, every outbox status, quiet hours.
    expect(fired).toBeGreaterThan(100);
    expect(reference.notifications).toHaveLength(fired);
    const statuses = new Set(reference.deliveries.map((d) => d.status));
    expect([...statuses].sort()).toEqual(['dead', 'digest', 'pending']);
    expect(reference.deliveries.some((d) => String(d.next_attempt_at) !== String(d.fired_at))).toBe(true);
    expect(reference.deliveries.every((d) => d.key_is_notification_channel === true)).toBe(true);
    expect(reference.notifications.some((n) => JSON.stringify(n.event_payload).includes('"eur"'))).toBe(true);

    for (const [name, w] of Object.entries(worlds)) {
      expect({ name, ...(await dump(w.db)) }).toEqual({ name, ...reference });
      // One event per notification, each naming a row that is there.
      const ids = (await all(w.db, 'select id, user_id from notifications')).map(
        (r) => `${r.user_id}/${r.id}`,
      );
      const heard = w.events.flatMap((e) =>
        e.type === 'notification' ? [`${e.userId}/${e.notificationId}`] : [],
      );
      expect(heard.sort()).toEqual(ids.sort());
    }
  }, 120_000); // Three engines over the same alerts, one firing at a time: slow on a loaded machine.

  it('a failure part-way through a tick leaves nothing written, and the next tick writes it all once', async () => {
    const market = createWorldMarket();
    const clock = createTestClock(new Date('2026-03-10T23:30:00.000Z'));
    const failing = await world(market, clock, { writeBatch: 10 });
    const reference = await world(market, clock, { writeBatch: 1 });
    // Fails an outbox insert once the tick's transaction holds 40 notifications: after several
    // batches have been written, and inside a statement that has already written its own.
    await failing.db.execute(
      sql.raw(`create function fail_mid_tick() returns trigger language plpgsql as $$
        begin
          if (select count(*) from notifications) >= 40 then raise exception 'injected failure'; end if;
          return new;
        end $$`),
    );
    await failing.db.execute(
      sql.raw(`create trigger fail_mid_tick before insert on notification_deliveries
        for each row execute function fail_mid_tick()`),
    );
    market.setRound(0);
    const before = await dump(failing.db);

    const failure: unknown = await failing.engine.tick().then(
      () => null,
      (error: unknown) => error,
    );
    expect(causes(failure)).toContain('injected failure');
    expect(await dump(failing.db)).toEqual(before);
    expect(before.notifications).toHaveLength(0);
    expect(failing.events).toHaveLength(0);

    await failing.db.execute(sql.raw('drop trigger fail_mid_tick on notification_deliveries'));
    const retried = await failing.engine.tick();
    const once = await reference.engine.tick();
    expect(retried.notifications).toBe(once.notifications);
    expect(retried.notifications).toBeGreaterThan(40);
    expect(await dump(failing.db)).toEqual(await dump(reference.db));
  });
});
