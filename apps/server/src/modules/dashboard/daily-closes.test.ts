import { type DailyCandle, dayMs, utcDay } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createDailyClosesCache, readStoredCloses, upsertCandles } from '../market/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const day0 = Math.floor(Date.UTC(2030, 0, 10) / dayMs);
const candle = (day: number, close: number): DailyCandle => ({
  day: utcDay(day * dayMs),
  open: close,
  high: close,
  low: close,
  close,
});

/** Rows as a real provider writes them. */
const real = { source: 'coingecko', fetchedAt: new Date() } as const;

describe('daily closes in memory', () => {
  it('loads stored closes in one go, forward-fills gaps and picks up later days', async () => {
    const db = t.database.db;
    await upsertCandles(
      db,
      'closes-a',
      'usd',
      [candle(day0, 1.5), candle(day0 + 1, 2.25), candle(day0 + 3, 4)],
      real,
    );
    const clock = createTestClock(new Date((day0 + 5) * dayMs + 3_600_000));
    const cache = createDailyClosesCache({ db, clock, recheckMs: 60_000 });
    await cache.preload('usd');

    const first = await cache.get(['closes-a', 'closes-b'], 'usd');
    expect(first.get('closes-a')).toEqual({
      firstDay: day0,
      closes: Float64Array.from([1.5, 2.25, 2.25, 4]),
    });
    expect(first.has('closes-b')).toBe(false);

    // Written after the load (another process, or the refresher): seen once the recheck is due.
    await upsertCandles(db, 'closes-a', 'usd', [candle(day0 + 4, 5)], real);
    await upsertCandles(db, 'closes-b', 'usd', [candle(day0 + 2, 7)], real);
    const cached = await cache.get(['closes-a', 'closes-b'], 'usd');
    expect(cached.get('closes-a')?.closes).toHaveLength(4);
    expect(cached.has('closes-b')).toBe(false);

    clock.advance(61_000);
    const later = await cache.get(['closes-a', 'closes-b'], 'usd');
    expect(later.get('closes-a')).toEqual({
      firstDay: day0,
      closes: Float64Array.from([1.5, 2.25, 2.25, 4, 5]),
    });
    expect(later.get('closes-b')).toEqual({ firstDay: day0 + 2, closes: Float64Array.from([7]) });
  });

  it('notices older days backfilled from a second provider and re-reads the coin whole', async () => {
    const db = t.database.db;
    await upsertCandles(db, 'closes-older', 'usd', [candle(day0 + 8, 3), candle(day0 + 9, 4)], real);
    const clock = createTestClock(new Date((day0 + 10) * dayMs + 3_600_000));
    const cache = createDailyClosesCache({ db, clock, recheckMs: 60_000 });
    expect((await cache.get(['closes-older'], 'usd')).get('closes-older')?.firstDay).toBe(day0 + 8);
    await upsertCandles(db, 'closes-older', 'usd', [candle(day0 + 6, 1), candle(day0 + 7, 2)], {
      source: 'binance',
      fetchedAt: new Date(),
    });
    expect((await cache.get(['closes-older'], 'usd')).get('closes-older')?.firstDay).toBe(day0 + 8);
    clock.advance(61_000);
    expect((await cache.get(['closes-older'], 'usd')).get('closes-older')).toEqual({
      firstDay: day0 + 6,
      closes: Float64Array.from([1, 2, 3, 4]),
    });
  });

  it('reads many coins in one query, optionally only days after a given one', async () => {
    const db = t.database.db;
    await upsertCandles(db, 'closes-c', 'eur', [candle(day0, 10), candle(day0 + 1, 11)], real);
    await upsertCandles(db, 'closes-d', 'eur', [candle(day0 + 1, 20)], real);
    const all = await readStoredCloses(db, 'live', 'eur', ['closes-c', 'closes-d', 'closes-none'], null);
    expect(all).toEqual(
      new Map([
        ['closes-c', { days: [day0, day0 + 1], closes: [10, 11] }],
        ['closes-d', { days: [day0 + 1], closes: [20] }],
      ]),
    );
    const after = await readStoredCloses(db, 'live', 'eur', null, day0);
    expect(after.get('closes-c')).toEqual({ days: [day0 + 1], closes: [11] });
  });

  it('upserts candles: a second write of a day replaces it', async () => {
    const db = t.database.db;
    await upsertCandles(db, 'closes-e', 'usd', [candle(day0, 1), candle(day0 + 1, 2)], real);
    await upsertCandles(db, 'closes-e', 'usd', [candle(day0 + 1, 2.5), candle(day0 + 2, 3.125)], real);
    const stored = await readStoredCloses(db, 'live', 'usd', ['closes-e'], null);
    expect(stored.get('closes-e')).toEqual({ days: [day0, day0 + 1, day0 + 2], closes: [1, 2.5, 3.125] });
  });
});
