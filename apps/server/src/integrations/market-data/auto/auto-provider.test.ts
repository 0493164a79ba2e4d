import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoinGeckoProvider } from '../coingecko/coingecko-provider.ts';
import { createMarketDataProvider } from '../index.ts';
import { loadSnapshotDataset } from '../snapshot/dataset.ts';
import { SnapshotProvider } from '../snapshot/snapshot-provider.ts';
import { type FakeCoinGecko, fakeTime, startFakeCoinGecko } from '../test/fake-coingecko.ts';
import { AutoProvider } from './auto-provider.ts';

let fake: FakeCoinGecko;
beforeAll(async () => {
  fake = await startFakeCoinGecko();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.failAlways(null);
});

const dataset = loadSnapshotDataset();

function auto() {
  const time = fakeTime(Date.parse('2026-11-21T12:00:00Z'));
  const primary = new CoinGeckoProvider({
    baseUrl: fake.baseUrl,
    now: time.now,
    sleep: time.sleep,
    timeoutMs: 100,
  });
  const fallback = new SnapshotProvider({ dataset, now: time.now });
  return { p: new AutoProvider({ primary, fallback, now: time.now }), time };
}

const params = {
  vsCurrency: 'usd',
  page: 1,
  perPage: 50,
  sparkline: true,
  priceChangePercentage: ['1h', '24h', '7d'],
} as const;

describe('AutoProvider (MARKET_DATA=auto)', () => {
  it('serves CoinGecko while it answers', async () => {
    const { p } = auto();
    const coins = await p.listMarkets(params);
    expect(coins[0]?.current_price).toBe(15842.82);
    expect(p.describe()).toMatchObject({ source: 'coingecko', stale: false });
  });

  it.each([
    ['5xx', { type: 'status' as const, status: 503 }],
    ['a timeout', { type: 'hang' as const }],
    ['429', { type: 'status' as const, status: 429, retryAfter: '120' }],
    ['a refused key', { type: 'status' as const, status: 401 }],
  ])('falls back to the snapshot on %s and says so', async (_label, fault) => {
    const { p } = auto();
    fake.failAlways(fault);
    const coins = await p.listMarkets(params);
    expect(coins.length).toBe(50);
    expect(coins[0]?.id).toBe('bitcoin');
    expect(p.describe()).toEqual({ source: 'snapshot', as_of: dataset.asOf, stale: true });
    expect(p.lastFailure).not.toBeNull();
  });

  it('does not hammer a failing upstream, and returns to it after the pause', async () => {
    const { p, time } = auto();
    fake.failAlways({ type: 'status', status: 500 });
    await p.global();
    const calls = fake.requests.length;
    expect(calls).toBe(3);
    await p.global();
    await p.trending();
    expect(fake.requests.length).toBe(calls);
    fake.failAlways(null);
    await time.sleep(61_000);
    const global = await p.global();
    expect(global.active_cryptocurrencies).toBe(17111);
    expect(p.describe()).toMatchObject({ source: 'coingecko', stale: false });
  });

  it('passes not_found through instead of falling back', async () => {
    const { p } = auto();
    await expect(p.coinDetails('no-such-coin')).rejects.toMatchObject({ kind: 'not_found' });
    expect(p.describe().source).toBe('coingecko');
  });

  it('reports the upstream outage when the snapshot does not know the coin', async () => {
    const { p } = auto();
    fake.failAlways({ type: 'status', status: 503 });
    await expect(p.coinDetails('matic-network')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('asks CoinGecko alone for category members: no fallback, no change to the source label', async () => {
    const { p } = auto();
    await p.listMarkets(params);
    expect(await p.categoryMembers('stablecoins', 250)).toEqual(['tether']);
    fake.failAlways({ type: 'status', status: 503 });
    await expect(p.categoryMembers('stablecoins', 250)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(p.describe()).toMatchObject({ source: 'coingecko', stale: false });
    expect(p.lastFailure).toBeNull();
  });

  it('has no spare calls while CoinGecko is paused after a failure', async () => {
    const { p } = auto();
    expect(p.spareCalls()).toBe(30);
    fake.failAlways({ type: 'status', status: 503 });
    await p.global();
    expect(p.spareCalls()).toBe(0);
    await expect(p.categoryMembers('stablecoins', 250)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('is what the factory builds by default', () => {
    expect(createMarketDataProvider({ mode: 'auto' })).toBeInstanceOf(AutoProvider);
    expect(createMarketDataProvider({ mode: 'snapshot' }).describe().source).toBe('snapshot');
    expect(createMarketDataProvider({ mode: 'coingecko' })).toBeInstanceOf(CoinGeckoProvider);
  });
});
