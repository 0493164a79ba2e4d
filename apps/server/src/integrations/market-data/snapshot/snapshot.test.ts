import { readFileSync } from 'node:fs';
import { coinDetailsSchema, coinMarketSchema, stablecoinCategoryId } from '@app/contracts';
import { sanitizeCoinList } from '@app/core';
import { describe, expect, it } from 'vitest';
import { coinsTextPath, generateSnapshot, snapshotPath } from '../../../../data-snapshot/generate.ts';
import { UpstreamError } from '../upstream-error.ts';
import { loadSnapshotDataset } from './dataset.ts';
import { SnapshotProvider } from './snapshot-provider.ts';

const dataset = loadSnapshotDataset();
const now = Date.parse('2026-11-21T12:34:56Z');
const at = (t: number) => new SnapshotProvider({ dataset, now: () => t });
const list = (p: SnapshotProvider, extra: Partial<Parameters<SnapshotProvider['listMarkets']>[0]> = {}) =>
  p.listMarkets({
    vsCurrency: 'usd',
    page: 1,
    perPage: 250,
    sparkline: true,
    priceChangePercentage: ['1h', '24h', '7d'],
    ...extra,
  });

describe('committed dataset', () => {
  it('has at least 250 coins with at least 400 daily points each', () => {
    expect(dataset.coins.length).toBeGreaterThanOrEqual(250);
    expect(new Set(dataset.coins.map((c) => c.id)).size).toBe(dataset.coins.length);
    for (const coin of dataset.coins) expect(coin.closes.length).toBeGreaterThanOrEqual(400);
    expect(dataset.asOf).toBe('2026-11-01T00:00:00.000Z');
  });

  it('tags the stablecoins', () => {
    const stable = dataset.coins.filter((c) => c.categories.includes(stablecoinCategoryId)).map((c) => c.id);
    expect(stable).toEqual(
      expect.arrayContaining(['tether', 'usd-coin', 'dai', 'ethena-usde', 'first-digital-usd']),
    );
  });

  it('is exactly what the committed generator produces', () => {
    const regenerated = generateSnapshot(readFileSync(coinsTextPath, 'utf8'));
    expect(regenerated === readFileSync(snapshotPath, 'utf8')).toBe(true);
  });
});

describe('SnapshotProvider', () => {
  it('says it is the offline snapshot and as of when', () => {
    expect(at(now).describe()).toEqual({
      source: 'demo',
      mode: 'demo',
      as_of: '2026-11-01T00:00:00.000Z',
      stale: false,
    });
  });

  it('serves a full, valid market: every entry passes the coin list rules and the contract', async () => {
    const coins = await list(at(now));
    expect(coins.length).toBe(250);
    expect(sanitizeCoinList(coins).length).toBe(coins.length);
    for (const c of coins) coinMarketSchema.parse(c);
    expect(coins[0]?.id).toBe('bitcoin');
    expect(coins.map((c) => c.market_cap_rank)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(coins[0]?.sparkline_in_7d?.price.length).toBe(168);
  });

  it('is deterministic: the same instant gives the same market', async () => {
    expect(await list(at(now))).toEqual(await list(at(now)));
  });

  it('moves with time, continuously', async () => {
    const a = await list(at(now), { sparkline: false });
    const b = await list(at(now + 60_000), { sparkline: false });
    const byId = new Map(b.map((c) => [c.id, c.current_price]));
    let moved = 0;
    for (const c of a) {
      const next = byId.get(c.id) ?? 0;
      if (next !== c.current_price) moved++;
      expect(Math.abs(next / c.current_price - 1)).toBeLessThan(0.005);
    }
    expect(moved).toBeGreaterThan(200);
  });

  it('is continuous across midnight and matches the dataset at the as-of instant', async () => {
    const midnight = Date.parse('2026-11-20T00:00:00Z');
    const before = await list(at(midnight - 1000), { sparkline: false });
    const after = new Map(
      (await list(at(midnight + 1000), { sparkline: false })).map((c) => [c.id, c.current_price]),
    );
    for (const c of before)
      expect(Math.abs((after.get(c.id) ?? 0) / c.current_price - 1)).toBeLessThan(0.002);
    const asOf = await list(at(dataset.asOfMs), { sparkline: false, perPage: 1000 });
    for (const coin of dataset.coins) {
      expect(asOf.find((c) => c.id === coin.id)?.current_price).toBeCloseTo(coin.price, 8);
    }
  });

  it('keeps stablecoins pinned near 1', async () => {
    for (const t of [now, now + 3 * 3_600_000, now + 5 * 86_400_000, dataset.firstDayMs + 86_400_000 * 100]) {
      const stable = await list(at(t), { category: stablecoinCategoryId, sparkline: false });
      expect(stable.length).toBeGreaterThanOrEqual(10);
      for (const c of stable.filter((s) => !['euro-coin', 'stasis-eurs'].includes(s.id))) {
        expect(Math.abs(c.current_price - 1)).toBeLessThan(0.005);
      }
    }
  });

  it('computes 1h/24h changes consistently with its own sparkline', async () => {
    const [btc] = await list(at(now), { ids: ['bitcoin'] });
    const spark = btc?.sparkline_in_7d?.price ?? [];
    const last = spark[167] ?? 0;
    expect(last).toBeCloseTo(btc?.current_price ?? 0, 6);
    expect(btc?.price_change_percentage_1h).toBeCloseTo((last / (spark[166] ?? 1) - 1) * 100, 6);
    expect(btc?.price_change_percentage_24h).toBeCloseTo((last / (spark[143] ?? 1) - 1) * 100, 6);
    expect(btc?.high_24h ?? 0).toBeGreaterThanOrEqual(btc?.current_price ?? 0);
    expect(btc?.low_24h ?? 0).toBeLessThanOrEqual(btc?.current_price ?? 0);
  });

  it('pages, filters and converts currencies', async () => {
    const p = at(now);
    const page2 = await list(p, { perPage: 50, page: 2, sparkline: false });
    expect(page2[0]?.market_cap_rank).toBe(51);
    const [usd] = await list(p, { ids: ['ethereum'], sparkline: false });
    const [eur] = await list(p, { ids: ['ethereum'], sparkline: false, vsCurrency: 'EUR' });
    const [inBtc] = await list(p, { ids: ['bitcoin'], sparkline: false, vsCurrency: 'btc' });
    expect((eur?.current_price ?? 0) / (usd?.current_price ?? 1)).toBeCloseTo(0.86, 10);
    expect(inBtc?.current_price).toBeCloseTo(1, 10);
    await expect(list(p, { vsCurrency: 'xyz' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('charts end now and start at the requested depth, with CoinGecko granularity', async () => {
    const p = at(now);
    const daily = await p.marketChart('bitcoin', 'usd', 365);
    expect(daily.prices.length).toBe(366);
    expect(daily.prices.at(-1)?.[0]).toBe(now);
    expect(daily.market_caps.length).toBe(daily.prices.length);
    const hourly = await p.marketChart('ethereum', 'usd', 7);
    expect(hourly.prices.length).toBe(7 * 24 + 1);
    const all = await p.marketChart('solana', 'usd', 'max');
    expect(all.prices.length).toBeGreaterThanOrEqual(470);
    const forced = await p.marketChart('solana', 'usd', 30, { interval: 'daily' });
    expect(forced.prices.length).toBe(31);
  });

  it('derives OHLC candles from the same path', async () => {
    const p = at(now);
    const rows = await p.ohlc('bitcoin', 'usd', 30);
    expect(rows.length).toBeGreaterThanOrEqual(179);
    for (const [ts, o, h, l, c] of rows) {
      expect(ts).toBeLessThanOrEqual(now);
      expect(h).toBeGreaterThanOrEqual(Math.max(o, c));
      expect(l).toBeLessThanOrEqual(Math.min(o, c));
    }
    expect((await p.ohlc('bitcoin', 'usd', 365)).length).toBeGreaterThanOrEqual(90);
    expect((await p.ohlc('bitcoin', 'usd', 1)).length).toBeGreaterThanOrEqual(47);
  });

  it('answers details, search, trending, global and exchange rates', async () => {
    const p = at(now);
    const details = coinDetailsSchema.parse(await p.coinDetails('ethereum', 'gbp'));
    expect(details).toMatchObject({ id: 'ethereum', vs_currency: 'gbp', market_cap_rank: 2 });
    expect(details.categories).toContain('Layer 1 (L1)');
    // Written for people: the as-of day as a reader writes it, never ISO text.
    // The day is the page's to write, in its reader's locale (the source badge); never an ISO day here.
    expect(details.description).toContain("prices after the snapshot's day and all intraday moves");
    expect(details.description).not.toMatch(/\d{4}-\d{2}-\d{2}|2026/);
    expect(details.description).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect((await p.search('eth')).coins[0]?.id).toBe('ethereum');
    expect((await p.search('bitcoin')).coins[0]?.id).toBe('bitcoin');
    expect((await p.search(' e ')).coins).toEqual([]);
    const trending = await p.trending();
    expect(trending.basis).toBe('derived');
    expect(trending.coins.length).toBe(15);
    const global = await p.global();
    expect(global.active_cryptocurrencies).toBe(dataset.coins.length);
    expect(global.total_market_cap.usd).toBeGreaterThan(1e12);
    expect(global.market_cap_percentage.btc).toBeGreaterThan(30);
    const rates = await p.exchangeRates();
    expect(rates.rates.btc?.value).toBe(1);
    expect((rates.rates.eur?.value ?? 0) / (rates.rates.usd?.value ?? 1)).toBeCloseTo(0.86, 10);
  });

  it('reports unknown coins as not_found', async () => {
    const error = await at(now)
      .coinDetails('no-such-coin')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'not_found' });
  });
});
