import {
  chartResponseSchema,
  coinListPageSchema,
  dashboardResponseSchema,
  performanceResponseSchema,
} from '@app/contracts';
import { dayMs, utcDay } from '@app/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { createOutboxMailer } from '../../integrations/mail/index.ts';
import { CoinGeckoProvider } from '../../integrations/market-data/index.ts';
import {
  type FakeBinance,
  fakeBinanceClose,
  startFakeBinance,
} from '../../integrations/market-data/test/fake-binance.ts';
import {
  type FakeCoinGecko,
  startFakeCoinGecko,
} from '../../integrations/market-data/test/fake-coingecko.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestClock, type TestClock } from '../../test/test-app.ts';
import { TestClient } from '../../test/test-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMarketService, type MarketService } from '../market/index.ts';
import { createBinanceSecondary } from './binance-secondary.ts';

/**
 * Binance as the second real provider, end to end: CoinGecko and Binance are fake servers on
 * 127.0.0.1 speaking their documented protocols; the app reads what the refresher stored.
 */
let coingecko: FakeCoinGecko;
let binance: FakeBinance;
let db: TestDatabase;
let app: FastifyInstance;
let market: MarketService;
let clock: TestClock;
/** The holder of the 2019 bitcoin, signed in. */
let holder: TestClient;

beforeAll(async () => {
  coingecko = await startFakeCoinGecko();
  binance = await startFakeBinance();
  db = await createTestDatabase();
  clock = createTestClock();
  market = createMarketService({
    db: db.database.db,
    provider: new CoinGeckoProvider({
      baseUrl: coingecko.baseUrl,
      timeoutMs: 10_000,
      maxAttempts: 1,
      callsPerMinute: 10_000,
    }),
    clock: () => new Date(),
    secondary: createBinanceSecondary({
      db: db.database.db,
      clock: () => new Date(),
      options: { baseUrl: binance.baseUrl, maxAttempts: 1 },
      // The holder's transaction is entered between two refreshes; no rest after the first.
      historyIdleMs: 0,
    }),
  });
  const config = loadConfig(
    { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
    '/tmp',
  );
  app = await buildApp({
    config,
    db: db.database.db,
    clock,
    mailer: createOutboxMailer({ dir: '/tmp/el-binance-outbox', from: config.mailFrom }),
    logger: false,
    market,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  await binance?.close();
  await coingecko?.close();
});

async function sources(coinId: string): Promise<Array<{ day: string; source: string; close: number }>> {
  const result = await db.database.db.execute(sql`
    select day::text as day, source, close from daily_candles
    where coin_id = ${coinId} and vs_currency = 'usd' order by day`);
  return rowsOf(result).map((r) => ({
    day: String(r.day),
    source: String(r.source),
    close: Number(r.close),
  }));
}

const dayOf = (iso: string) => Math.floor(Date.parse(iso) / dayMs);

describe('Binance as the second real provider', () => {
  it('live with a 2019 transaction -> history stitched from the second provider with no gap or overlap at the seam', async () => {
    const first = await market.refresh();
    expect(first).toMatchObject({ ok: true, source: { source: 'coingecko', mode: 'live' } });
    await first.historyStep;
    // CoinGecko's own days (the fake's market_chart) are the recent segment; its first day is the seam.
    const recent = await sources('bitcoin');
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((r) => r.source === 'coingecko')).toBe(true);
    const seam = recent[0]?.day ?? '';

    holder = new TestClient(app);
    const user = await portfolioUser(holder);
    const portfolio = await user.portfolio();
    await user.ok(portfolio.id, { coin_id: 'bitcoin', quantity: '2', date: '2019-06-15T10:00:00Z' });
    // The dashboard reads (and keeps in memory) what is stored before the backfill.
    const before = performanceResponseSchema.parse(
      (await user.client.get('/api/v2/dashboard/performance/?timeframe=ALL')).json(),
    );
    expect(before.points.find(([t]) => t === dayOf('2019-06-15') * dayMs)?.[1]).toBe(0);

    const second = await market.refresh();
    await second.historyStep;
    const rows = await sources('bitcoin');
    expect(rows[0]).toMatchObject({ day: '2019-06-15', source: 'binance' });
    const seamAt = rows.findIndex((r) => r.day === seam);
    expect(rows.slice(0, seamAt).every((r) => r.source === 'binance')).toBe(true);
    expect(rows.slice(seamAt).every((r) => r.source === 'coingecko')).toBe(true);
    // No gap: every day from the first transaction to the seam, and the seam's eve is Binance's.
    for (let i = 1; i <= seamAt; i++)
      expect(Date.parse(rows[i]?.day ?? '') - Date.parse(rows[i - 1]?.day ?? '')).toBe(dayMs);
    expect(rows[seamAt - 1]).toEqual({
      day: utcDay(Date.parse(seam) - dayMs),
      source: 'binance',
      close: fakeBinanceClose('BTCUSDT', dayOf(seam) - 1),
    });
    // No overlap: one row per day, and the recent segment kept CoinGecko's figures.
    expect(new Set(rows.map((r) => r.day)).size).toBe(rows.length);
    expect(rows.slice(seamAt)).toEqual(recent);

    // The coin chart reaches back to the first transaction.
    const chart = chartResponseSchema.parse(
      (await app.inject({ url: '/api/v2/cryptocurrencies/bitcoin/chart/?timeframe=ALL' })).json(),
    );
    expect(chart.prices[0]).toEqual([
      Date.parse('2019-06-15'),
      fakeBinanceClose('BTCUSDT', dayOf('2019-06-15')),
    ]);

    // So does the dashboard value series, once its in-memory closes notice the older days.
    clock.advance(61_000);
    const after = performanceResponseSchema.parse(
      (await user.client.get('/api/v2/dashboard/performance/?timeframe=ALL')).json(),
    );
    const at = (day: string) => after.points.find(([t]) => t === dayOf(day) * dayMs)?.[1];
    expect(at('2019-06-15')).toBeCloseTo(2 * fakeBinanceClose('BTCUSDT', dayOf('2019-06-15')), 6);
    expect(at(utcDay(Date.parse(seam) - dayMs))).toBeCloseTo(
      2 * fakeBinanceClose('BTCUSDT', dayOf(seam) - 1),
      6,
    );
    expect(at(seam)).toBeCloseTo(2 * (recent[0]?.close ?? 0), 6);
  });

  it('prices come from Binance, labelled, while CoinGecko answers 429; a malformed Binance body changes nothing', async () => {
    const list = async () =>
      coinListPageSchema.parse(
        (await app.inject({ url: '/api/v2/cryptocurrencies/?vs_currency=usd' })).json(),
      );
    const live = await list();
    const cgPrice = (id: string) => live.results.find((c) => c.id === id)?.current_price;
    // Another server process on the same database (not the job leader): it never refreshes, it
    // reads what the leader stored.
    const process2 = () =>
      createMarketService({
        db: db.database.db,
        provider: new CoinGeckoProvider({ baseUrl: coingecko.baseUrl, timeoutMs: 10_000, maxAttempts: 1 }),
        clock: () => new Date(),
      });
    const follower = process2();
    expect((await follower.getQuotes(['bitcoin'], 'usd')).get('bitcoin')?.current_price).toBe(
      cgPrice('bitcoin'),
    );

    coingecko.failAlways({ type: 'status', status: 429, retryAfter: '1' });
    try {
      binance.fail({ type: 'wrong-shape' });
      expect(await market.refresh()).toMatchObject({ ok: false, fallbackPrices: 0 });
      const unchanged = await list();
      expect(unchanged.results.map((c) => [c.id, c.current_price, c.price_source])).toEqual(
        live.results.map((c) => [c.id, c.current_price, undefined]),
      );

      expect(await market.refresh()).toMatchObject({ ok: false, fallbackPrices: 2 });
      const during = await list();
      expect(during.source).toMatchObject({ source: 'coingecko', mode: 'live', stale: true });
      const today = Math.floor(Date.now() / dayMs);
      const btc = during.results.find((c) => c.id === 'bitcoin');
      expect(btc?.current_price).toBe(fakeBinanceClose('BTCUSDT', today));
      expect(btc?.price_source).toBe('binance');
      expect(btc?.price_as_of).toEqual(expect.any(String));
      expect(during.results.find((c) => c.id === 'ethereum')?.price_source).toBe('binance');
      // The holder's dashboard says which provider priced the position.
      const dashboard = dashboardResponseSchema.parse(
        (await holder.get('/api/v2/dashboard/?metrics=positions')).json(),
      );
      expect(dashboard.positions?.items.find((p) => p.coin_id === 'bitcoin')).toMatchObject({
        currentPrice: String(fakeBinanceClose('BTCUSDT', today)),
        priceSource: 'binance',
      });
      // Binance does not price its own quote asset: tether keeps CoinGecko's last figure, unlabelled.
      const usdt = during.results.find((c) => c.id === 'tether');
      expect(usdt?.current_price).toBe(cgPrice('tether'));
      expect(usdt?.price_source).toBeUndefined();

      // Every process serves the same fallback prices: a follower on the leader's `buffers`, and a
      // process started now, both from the stored copy (source binance, its fetch time), stale.
      expect(await follower.reloadIfNewer()).toBe(true);
      for (const other of [follower, process2()]) {
        const quote = (await other.getQuotes(['bitcoin', 'tether'], 'usd')).get('bitcoin');
        expect(quote).toMatchObject({
          current_price: fakeBinanceClose('BTCUSDT', today),
          price_source: 'binance',
          price_as_of: btc?.price_as_of,
        });
        expect((await other.getQuotes(['tether'], 'usd')).get('tether')?.price_source).toBeUndefined();
        expect(other.describe()).toMatchObject({ source: 'coingecko', mode: 'live', stale: true });
      }
      const stored = rowsOf(
        await db.database.db.execute(sql`select source from market_cache where key = 'prices:fallback'`),
      );
      expect(stored).toEqual([{ source: 'binance' }]);
    } finally {
      coingecko.failAlways(null);
    }
    // CoinGecko back: its copy replaces the overlay.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await market.refresh()).toMatchObject({ ok: true });
    expect((await list()).results.every((c) => c.price_source === undefined)).toBe(true);
    // The new copy makes the stored fallback prices obsolete in every process.
    expect(await follower.reloadIfNewer()).toBe(true);
    expect((await follower.getQuotes(['bitcoin'], 'usd')).get('bitcoin')?.price_source).toBeUndefined();
    expect((await process2().getQuotes(['bitcoin'], 'usd')).get('bitcoin')?.price_source).toBeUndefined();
  });
});
