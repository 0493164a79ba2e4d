import { dayMs, utcDay } from '@app/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { BinanceMarketData } from '../../integrations/market-data/binance/binance-market-data.ts';
import {
  type FakeBinance,
  fakeBinanceClose,
  startFakeBinance,
} from '../../integrations/market-data/test/fake-binance.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { putSecondaryCandles, readSeriesBounds } from './history.repository.ts';
import { createHistoryBackfill, planHistoryRanges } from './history-backfill.ts';

describe('planning the older segment', () => {
  const bounds = (
    firstPrimary: string | null,
    firstSecondary: string | null = null,
    lastSecondary = firstSecondary,
  ) => ({
    firstPrimary,
    firstSecondary,
    lastSecondary,
  });

  it('asks for everything from the wish to the eve of the seam, then only what is missing', () => {
    expect(planHistoryRanges(bounds('2025-11-21'), '2019-03-01')).toEqual([
      { from: '2019-03-01', to: '2025-11-20' },
    ]);
    expect(planHistoryRanges(bounds('2025-11-21', '2019-03-01', '2025-11-20'), '2019-03-01')).toEqual([]);
    // The seam moved later (the recent segment was re-fetched) and the wish moved earlier.
    expect(planHistoryRanges(bounds('2025-12-01', '2019-03-01', '2025-11-20'), '2018-01-01')).toEqual([
      { from: '2025-11-21', to: '2025-11-30' },
      { from: '2018-01-01', to: '2019-02-28' },
    ]);
  });

  it('stitches nothing without a recent segment, or when the wish is inside it', () => {
    expect(planHistoryRanges(undefined, '2019-01-01')).toEqual([]);
    expect(planHistoryRanges(bounds(null), '2019-01-01')).toEqual([]);
    expect(planHistoryRanges(bounds('2025-11-21'), '2025-11-21')).toEqual([]);
  });
});

let t: TestApp;
let fake: FakeBinance;
const now = Date.parse('2026-11-21T12:00:00Z');
const today = Math.floor(now / dayMs);
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeBinance({ now: () => now });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

async function seedPrimary(coinId: string, fromDay: number, toDay: number, vs = 'usd'): Promise<void> {
  const days: string[] = [];
  for (let d = fromDay; d < toDay; d++) days.push(utcDay(d * dayMs));
  await t.database.db.execute(sql`
    insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
    select ${coinId}, ${vs}, d::date, 7, 7, 7, 7, 'coingecko', now()
    from unnest(${`{${days.join(',')}}`}::text[]) as d
    on conflict (coin_id, vs_currency, day) do update set source = 'coingecko', close = 7`);
}

async function series(
  coinId: string,
  vs = 'usd',
): Promise<Array<{ day: string; source: string; close: number }>> {
  const result = await t.database.db.execute(sql`
    select day::text as day, source, close from daily_candles
    where coin_id = ${coinId} and vs_currency = ${vs} order by day`);
  return rowsOf(result).map((r) => ({
    day: String(r.day),
    source: String(r.source),
    close: Number(r.close),
  }));
}

describe('backfilling from Binance below the seam', () => {
  it('reaches back to the first transaction with no gap and no overlap, within the weight budget', async () => {
    const user = await portfolioUser(t.client());
    const portfolio = await user.portfolio();
    await user.ok(portfolio.id, { coin_id: 'ethereum', date: '2019-06-15T10:00:00Z' });
    await user.ok(portfolio.id, { coin_id: 'kaspa', date: '2019-06-15T10:00:00Z' }); // no Binance pair
    await seedPrimary('ethereum', today - 365, today);
    await seedPrimary('kaspa', today - 365, today);
    const binance = new BinanceMarketData({ baseUrl: fake.baseUrl, now: () => now });
    const changed: string[][] = [];
    const history = createHistoryBackfill({
      db: t.database.db,
      binance,
      clock: () => new Date(now),
      onChanged: (ids) => changed.push([...ids]),
    });

    const first = await history.run();
    expect(first).toMatchObject({ coins: 1, requests: 3, weight: 6, changed: ['ethereum'] });
    const rows = await series('ethereum');
    expect(rows[0]?.day).toBe('2019-06-15');
    expect(rows.at(-1)?.day).toBe(utcDay((today - 1) * dayMs));
    for (let i = 1; i < rows.length; i++)
      expect(Date.parse(rows[i]?.day ?? '') - Date.parse(rows[i - 1]?.day ?? '')).toBe(dayMs);
    const seam = rows.findIndex((r) => r.source === 'coingecko');
    expect(rows[seam]?.day).toBe(utcDay((today - 365) * dayMs));
    expect(rows.slice(0, seam).every((r) => r.source === 'binance')).toBe(true);
    expect(rows.slice(seam).every((r) => r.source === 'coingecko')).toBe(true);
    const eve = rows[seam - 1];
    expect(eve?.close).toBe(fakeBinanceClose('ETHUSDT', today - 366));
    expect(changed).toEqual([['ethereum']]);
    expect((await series('kaspa')).every((r) => r.source === 'coingecko')).toBe(true);

    // Nothing left to fetch: the next refresh asks Binance nothing.
    const requests = fake.requests.length;
    expect(await history.run()).toMatchObject({ requests: 0, stored: 0 });
    expect(fake.requests).toHaveLength(requests);
  });

  it('converts the older segment to eur with the EURUSDT close of the same day, from the pair listing on', async () => {
    await seedPrimary('ethereum', today - 365, today, 'eur');
    await seedPrimary('ethereum', today - 365, today, 'jpy');
    const history = createHistoryBackfill({
      db: t.database.db,
      binance: new BinanceMarketData({ baseUrl: fake.baseUrl, now: () => now }),
      clock: () => new Date(now),
    });
    const result = await history.run();
    // One EURUSDT download for the whole span (2020-01-03 .. the seam's eve: 3 pages).
    expect(result).toMatchObject({ requests: 3, changed: ['ethereum'] });
    const eur = await series('ethereum', 'eur');
    const seam = eur.findIndex((r) => r.source === 'coingecko');
    expect(eur[0]?.day).toBe('2020-01-03');
    expect(eur[seam - 1]?.day).toBe(utcDay((today - 366) * dayMs));
    expect(seam).toBe(today - 366 - Date.parse('2020-01-03') / dayMs + 1);
    const day = Date.parse('2021-05-10') / dayMs;
    expect(eur.find((r) => r.day === '2021-05-10')?.close).toBeCloseTo(
      fakeBinanceClose('ETHUSDT', day) / fakeBinanceClose('EURUSDT', day),
      10,
    );
    // No pair for the yen: its series keeps CoinGecko's days only.
    expect((await series('ethereum', 'jpy')).every((r) => r.source === 'coingecko')).toBe(true);
    // Done: nothing is downloaded again.
    expect(await history.run()).toMatchObject({ requests: 0 });
  });

  it('never replaces a recent-segment row and drops older-source rows at or past the seam', async () => {
    await seedPrimary('solana', today - 10, today);
    const db = t.database.db;
    const candle = (day: number) => ({ day: utcDay(day * dayMs), open: 1, high: 1, low: 1, close: 1 });
    // Written when the seam was later: a Binance row now inside the recent segment's range.
    await db.execute(sql`
      insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
      values ('solana', 'usd', ${utcDay((today - 3) * dayMs)}::date, 1, 1, 1, 1, 'binance', now())
      on conflict do nothing`);
    const stored = await putSecondaryCandles(
      db,
      'solana',
      'usd',
      [candle(today - 12), candle(today - 11), candle(today - 10)],
      new Date(now),
    );
    expect(stored).toBe(2);
    const rows = await series('solana');
    expect(rows.filter((r) => r.source === 'binance').map((r) => r.day)).toEqual([
      utcDay((today - 12) * dayMs),
      utcDay((today - 11) * dayMs),
    ]);
    expect(rows.find((r) => r.day === utcDay((today - 10) * dayMs))?.source).toBe('coingecko');
    expect((await readSeriesBounds(db, 'usd', ['solana'])).get('solana')).toEqual({
      firstPrimary: utcDay((today - 10) * dayMs),
      firstSecondary: utcDay((today - 12) * dayMs),
      lastSecondary: utcDay((today - 11) * dayMs),
    });
  });

  it('a malformed Binance body changes nothing stored', async () => {
    const user = await portfolioUser(t.client());
    const portfolio = await user.portfolio();
    await user.ok(portfolio.id, { coin_id: 'cardano', date: '2020-01-01T00:00:00Z' });
    await seedPrimary('cardano', today - 365, today);
    const before = await series('cardano');
    const history = createHistoryBackfill({
      db: t.database.db,
      binance: new BinanceMarketData({ baseUrl: fake.baseUrl, now: () => now, maxAttempts: 1 }),
      clock: () => new Date(now),
    });
    fake.failAlways({ type: 'partial' });
    try {
      const result = await history.run();
      expect(result.stored).toBe(0);
    } finally {
      fake.failAlways(null);
    }
    expect(await series('cardano')).toEqual(before);
  });
});

describe('resting between runs', () => {
  it('after a run with nothing to fetch, skips its queries until the rest is over', async () => {
    let at = now;
    const history = createHistoryBackfill({
      db: t.database.db,
      binance: new BinanceMarketData({ baseUrl: fake.baseUrl, now: () => now }),
      clock: () => new Date(at),
      idleMs: 60_000,
    });
    // Whatever earlier tests left to fetch, until a run finds nothing left.
    let left = 3;
    while ((await history.run()).requests > 0 && left > 0) left -= 1;
    expect(await history.run()).toMatchObject({ requests: 0 });
    const user = await portfolioUser(t.client());
    const portfolio = await user.portfolio();
    await user.ok(portfolio.id, { coin_id: 'polkadot', date: '2021-01-01T00:00:00Z' });
    await seedPrimary('polkadot', today - 365, today);
    expect(await history.run()).toMatchObject({ requests: 0, coins: 0 });
    at += 60_000;
    expect(await history.run()).toMatchObject({ requests: 2, changed: ['polkadot'] });
  });
});
