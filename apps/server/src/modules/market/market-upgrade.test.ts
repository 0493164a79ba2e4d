import { coinListPageSchema } from '@app/contracts';
import { dayMs } from '@app/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { AutoProvider, CoinGeckoProvider, SnapshotProvider } from '../../integrations/market-data/index.ts';
import {
  type FakeCoinGecko,
  startFakeCoinGecko,
} from '../../integrations/market-data/test/fake-coingecko.ts';
import { createTestClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMarketService } from './market.service.ts';
import { marketModeKey } from './market-cache.repository.ts';

/**
 * A server that was live before the mode record existed (an upgrade, or one that ran
 * with MARKET_DATA=coingecko) holds real rows but no `market:mode` row. Restarted with the
 * default MARKET_DATA=auto while CoinGecko is unreachable, it must serve its last real copy,
 * labelled stale, and never fall back to the demo snapshot nor answer 503.
 */
describe('upgrade of a server that was already live', () => {
  let fake: FakeCoinGecko;
  let db: TestDatabase;
  beforeAll(async () => {
    fake = await startFakeCoinGecko();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
    await fake?.close();
  });

  it('serves the last real copy labelled stale while CoinGecko is down, and records that it is live', async () => {
    const clock = createTestClock(new Date(Math.floor(Date.now() / dayMs) * dayMs + 12 * 3_600_000));
    const now = () => clock().getTime();
    const coingecko = () =>
      new CoinGeckoProvider({
        baseUrl: fake.baseUrl,
        timeoutMs: 10_000,
        maxAttempts: 1,
        callsPerMinute: 10_000,
        now,
      });
    // Before: live on CoinGecko (rows with source coingecko), no mode record.
    const before = createMarketService({ db: db.database.db, provider: coingecko(), clock, candleBudget: 2 });
    expect(await before.refresh()).toMatchObject({ ok: true });
    const count = async (q: ReturnType<typeof sql>) => Number(rowsOf(await db.database.db.execute(q))[0]?.n);
    expect(
      await count(sql`select count(*) as n from daily_candles where source = 'coingecko'`),
    ).toBeGreaterThan(0);
    await db.database.db.execute(sql`delete from market_cache where key = ${marketModeKey}`);

    // After: MARKET_DATA=auto, CoinGecko down for the whole start.
    fake.failAlways({ type: 'status', status: 503 });
    clock.advance(30 * 60_000);
    const after = createMarketService({
      db: db.database.db,
      provider: new AutoProvider({ primary: coingecko(), fallback: new SnapshotProvider({ now }) }),
      clock,
    });
    const page = await after.list({
      vs: 'usd',
      page: 1,
      perPage: 50,
      order: 'market_cap_desc',
      excludeStablecoins: false,
      sparkline: false,
    });
    expect(page.results.find((c) => c.id === 'bitcoin')?.current_price).toBe(15842.82);
    expect(after.describe()).toMatchObject({ source: 'coingecko', mode: 'live', stale: true });
    expect((await after.refresh()).ok).toBe(false);
    expect(after.describe()).toMatchObject({ source: 'coingecko', mode: 'live', stale: true });
    expect(await count(sql`select count(*) as n from daily_candles where source = 'demo'`)).toBe(0);
    expect(await count(sql`select count(*) as n from market_cache where source = 'demo'`)).toBe(0);
    expect(await count(sql`select count(*) as n from market_cache where key = ${marketModeKey}`)).toBe(1);
    // Its stored history is still read (a live reader), never re-made from the snapshot.
    const closes = await after.getDailyCloses('bitcoin', 30, 'usd');
    expect(closes.closes.length).toBeGreaterThan(0);
    coinListPageSchema.shape.source.parse(after.describe());
  });
});
