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

// A short timeout only where the fake hangs: on a busy machine a real answer of the fake can take
// longer than 100 ms, and a test about answers must not turn into a test about timeouts.
function auto(timeoutMs = 5_000) {
  const time = fakeTime(Date.parse('2026-11-21T12:00:00Z'));
  const primary = new CoinGeckoProvider({
    baseUrl: fake.baseUrl,
    now: time.now,
    sleep: time.sleep,
    timeoutMs,
  });
  const fallback = new SnapshotProvider({ dataset, now: time.now });
  return { p: new AutoProvider({ primary, fallback }), time };
}

const params = {
  vsCurrency: 'usd',
  page: 1,
  perPage: 50,
  sparkline: true,
  priceChangePercentage: ['1h', '24h', '7d'],
} as const;

describe('AutoProvider (MARKET_DATA=auto)', () => {
  it('answers from the snapshot in demo mode and says so, offering CoinGecko to probe', async () => {
    const { p } = auto();
    const coins = await p.listMarkets(params);
    expect(coins).toHaveLength(50);
    expect(fake.requests).toHaveLength(0);
    expect(p.mode()).toBe('demo');
    expect(p.describe()).toEqual({ source: 'demo', mode: 'demo', as_of: dataset.asOf, stale: false });
    const live = p.liveProvider();
    expect((await live?.listMarkets(params))?.[0]?.current_price).toBe(15842.82);
  });

  it('serves CoinGecko alone once live, and never the snapshot again', async () => {
    const { p } = auto();
    p.goLive();
    expect(p.liveProvider()).toBeNull();
    const coins = await p.listMarkets(params);
    expect(coins[0]?.current_price).toBe(15842.82);
    expect(p.describe()).toMatchObject({ source: 'coingecko', mode: 'live', stale: false });
  });

  it.each([
    ['5xx', { type: 'status' as const, status: 503 }],
    ['a timeout', { type: 'hang' as const }],
    ['429', { type: 'status' as const, status: 429, retryAfter: '1' }],
    ['a refused key', { type: 'status' as const, status: 401 }],
    ['a malformed body', { type: 'wrong-shape' as const }],
  ])('once live, passes %s through instead of answering from the snapshot', async (_label, fault) => {
    const { p } = auto(fault.type === 'hang' ? 100 : undefined);
    p.goLive();
    fake.failAlways(fault);
    await expect(p.listMarkets(params)).rejects.toMatchObject({ name: 'UpstreamError' });
    expect(p.describe()).toMatchObject({ source: 'coingecko', mode: 'live' });
  });

  it('asks CoinGecko alone for category members, and only when live', async () => {
    const { p } = auto();
    await expect(p.categoryMembers('stablecoins', 250)).rejects.toMatchObject({ kind: 'rejected' });
    expect(p.spareCalls()).toBe(0);
    p.goLive();
    expect(p.spareCalls()).toBe(30);
    expect(await p.categoryMembers('stablecoins', 250)).toEqual(['tether']);
  });

  it('is what the factory builds by default', () => {
    expect(createMarketDataProvider({ mode: 'auto' })).toBeInstanceOf(AutoProvider);
    expect(createMarketDataProvider({ mode: 'snapshot' }).describe()).toMatchObject({
      source: 'demo',
      mode: 'demo',
    });
    expect(createMarketDataProvider({ mode: 'coingecko' })).toBeInstanceOf(CoinGeckoProvider);
  });
});
