import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { marketModeKey, purgeDemoRows, upsertCandles, writeCacheEntry } from './market-cache.repository.ts';

/**
 * The switch to live against a demo write in flight on another connection (PostgreSQL, READ
 * COMMITTED): the purge must wait for it and delete its rows, and demo writes after the switch
 * store nothing. On PGlite transactions run one at a time, so this passes by construction there.
 */
describe('demo writes racing the switch to live', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.dispose());

  const demoRows = async () =>
    Number(
      rowsOf(
        await db.database.db.execute(
          sql`select (select count(*) from daily_candles where source = 'demo') + (select count(*) from market_cache where source = 'demo') as n`,
        ),
      )[0]?.n,
    );
  const candle = { day: '2026-11-01', open: 1, high: 1, low: 1, close: 1 };
  const demo = { source: 'demo' as const, fetchedAt: new Date('2026-11-02T00:00:00Z') };

  it('leaves no demo row written by a transaction that was still open when the switch began', async () => {
    const d = db.database.db;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const held = d.transaction(async (tx) => {
      await upsertCandles(tx, 'bitcoin', 'usd', [candle], demo);
      await writeCacheEntry(tx, 'markets:usd', { ...demo, payload: { coins: [], asOf: '2026-11-01' } });
      written();
      await gate;
    });
    await wrote;
    const switching = d.transaction(async (tx) => {
      const removed = await purgeDemoRows(tx);
      await writeCacheEntry(tx, marketModeKey, {
        source: 'coingecko',
        fetchedAt: new Date('2026-11-02T00:01:00Z'),
        payload: { mode: 'live' },
      });
      return removed;
    });
    // Give the switch time to reach its delete (on PostgreSQL it now waits on the lock).
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await held;
    expect(await switching).toEqual({ candles: 1, cache: 1 });
    expect(await demoRows()).toBe(0);

    // After the switch a demo write stores nothing.
    await upsertCandles(d, 'bitcoin', 'usd', [{ ...candle, day: '2026-11-03' }], demo);
    await writeCacheEntry(d, 'rates', { ...demo, payload: {} });
    expect(await demoRows()).toBe(0);
  });
});
