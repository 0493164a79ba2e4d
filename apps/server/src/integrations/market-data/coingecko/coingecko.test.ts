import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCoinGecko, fakeTime, startFakeCoinGecko } from '../test/fake-coingecko.ts';
import { UpstreamError } from '../upstream-error.ts';
import { CoinGeckoProvider } from './coingecko-provider.ts';
import { type CoinGeckoClientOptions, parseRetryAfter, resolveCoinGeckoEndpoint } from './http-client.ts';

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

function provider(options: Partial<CoinGeckoClientOptions> = {}) {
  const time = fakeTime();
  const p = new CoinGeckoProvider({
    baseUrl: fake.baseUrl,
    apiKey: 'CG-demo',
    now: time.now,
    sleep: time.sleep,
    ...options,
  });
  return { p, time };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

const listParams = {
  vsCurrency: 'usd',
  page: 1,
  perPage: 50,
  sparkline: true,
  priceChangePercentage: ['1h', '24h', '7d'],
} as const;

describe('keys and roots', () => {
  it('picks the documented root and header per key type', () => {
    expect(resolveCoinGeckoEndpoint({})).toEqual({
      baseUrl: 'https://api.coingecko.com/api/v3',
      headerName: null,
    });
    expect(resolveCoinGeckoEndpoint({ apiKey: 'k' })).toEqual({
      baseUrl: 'https://api.coingecko.com/api/v3',
      headerName: 'x-cg-demo-api-key',
    });
    expect(resolveCoinGeckoEndpoint({ apiKey: 'k', keyType: 'pro' })).toEqual({
      baseUrl: 'https://pro-api.coingecko.com/api/v3',
      headerName: 'x-cg-pro-api-key',
    });
    expect(
      resolveCoinGeckoEndpoint({ apiKey: 'k', baseUrl: 'https://pro-api.coingecko.com/api/v3/' }).headerName,
    ).toBe('x-cg-pro-api-key');
  });

  it('sends the demo key header', async () => {
    await provider().p.global();
    expect(fake.requests[0]?.headers['x-cg-demo-api-key']).toBe('CG-demo');
    expect(fake.requests[0]?.headers['x-cg-pro-api-key']).toBeUndefined();
  });

  it('sends the pro key header', async () => {
    await provider({ apiKey: 'CG-pro', keyType: 'pro' }).p.global();
    expect(fake.requests[0]?.headers['x-cg-pro-api-key']).toBe('CG-pro');
    expect(fake.requests[0]?.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('sends no key header without a key', async () => {
    await provider({ apiKey: undefined }).p.global();
    const headers = fake.requests[0]?.headers ?? {};
    expect(Object.keys(headers).filter((h) => h.startsWith('x-cg-'))).toEqual([]);
  });
});

describe('endpoints and mapping', () => {
  it('lists markets with lower-case sparkline and the three change windows', async () => {
    const coins = await provider().p.listMarkets({
      ...listParams,
      ids: ['bitcoin', 'ethereum'],
      category: 'layer-1',
    });
    const q = fake.requests[0]?.query;
    expect(fake.requests[0]?.path).toBe('/api/v3/coins/markets');
    expect(q?.get('vs_currency')).toBe('usd');
    expect(q?.get('sparkline')).toBe('true');
    expect(q?.get('price_change_percentage')).toBe('1h,24h,7d');
    expect(q?.get('ids')).toBe('bitcoin,ethereum');
    expect(q?.get('per_page')).toBe('50');
    expect(q?.get('page')).toBe('1');
    expect(q?.get('order')).toBe('market_cap_desc');
    const btc = coins[0];
    expect(btc?.id).toBe('bitcoin');
    expect(btc?.current_price).toBe(15842.82);
    expect(btc?.sparkline_in_7d?.price.length).toBe(168);
    expect(btc?.price_change_percentage_24h).toBeCloseTo(2.01961);
    expect(btc?.image).toMatch(/^https:\/\/assets\.coingecko\.com\//);
    expect(btc?.categories).toEqual(['layer-1']);
    // The fake filters by category like CoinGecko: tether is not a layer 1.
    expect(coins.map((c) => c.id)).toEqual(['bitcoin', 'ethereum']);
    expect(coins[1]?.sparkline_in_7d).toBeUndefined();
  });

  it('maps coin details with links, categories and per-currency figures', async () => {
    const d = await provider().p.coinDetails('matic-network', 'eur');
    const q = fake.requests[0]?.query;
    expect(q?.get('localization')).toBe('false');
    expect(q?.get('tickers')).toBe('false');
    expect(d.name).toBe('Polygon');
    expect(d.symbol).toBe('matic');
    expect(d.vs_currency).toBe('eur');
    expect(d.current_price).toBeGreaterThan(0);
    expect(d.categories).toContain('Layer 2 (L2)');
    expect(d.links.homepage).toEqual(['https://polygon.technology/', 'https://blog.polygon.technology/']);
    expect(d.links.repos.length).toBe(5);
    expect(d.links.twitter_screen_name).toBe('0xPolygon');
    expect(d.circulating_supply).toBe(9_319_469_069.28);
    expect(d.social.github_stars).toBeNull();
  });

  it('reports an unknown coin as not_found without retrying', async () => {
    const error = await failure(provider().p.coinDetails('no-such-coin'));
    expect(error.kind).toBe('not_found');
    expect(fake.requests.length).toBe(1);
  });

  it('serves market_chart, ohlc, search, trending, global and exchange rates', async () => {
    const { p } = provider();
    const chart = await p.marketChart('bitcoin', 'usd', 365, { interval: 'daily' });
    expect(fake.requests[0]?.query.get('days')).toBe('365');
    expect(fake.requests[0]?.query.get('interval')).toBe('daily');
    expect(chart.prices.length).toBe(24);
    const ohlc = await p.ohlc('bitcoin', 'usd', 30);
    expect(ohlc[0]).toEqual([1709395200000, 61942, 62211, 61721, 61845]);
    const found = await p.search(' eth ');
    expect(fake.requests.at(-1)?.query.get('query')).toBe('eth');
    expect(found.coins[0]).toMatchObject({ id: 'ethereum', symbol: 'eth', market_cap_rank: 2 });
    const trending = await p.trending();
    expect(trending.basis).toBe('search_popularity');
    expect(trending.coins.length).toBe(15);
    expect(trending.coins[0]).toMatchObject({
      id: 'qubic-network',
      market_cap: 104127324,
      total_volume: 3463333,
    });
    expect(trending.coins[0]?.price_btc).toBeCloseTo(1.1792e-11);
    const global = await p.global();
    expect(global.active_cryptocurrencies).toBe(17111);
    expect(global.updated_at).toBe('2025-04-07T11:28:53.000Z');
    const rates = await p.exchangeRates();
    expect(rates.rates.eur?.value).toBe(82000);
    expect(rates.rates.xau?.type).toBe('commodity');
  });

  it('asks coins/markets for one category, 250 at a time without sparklines, for its member ids', async () => {
    fake.setCategory('layer-1', ['bitcoin', 'ethereum']);
    const ids = await provider().p.categoryMembers('layer-1', 250);
    expect(ids).toEqual(['bitcoin', 'ethereum']);
    const q = fake.requests[0]?.query;
    expect(fake.requests[0]?.path).toBe('/api/v3/coins/markets');
    expect(q?.get('vs_currency')).toBe('usd');
    expect(q?.get('category')).toBe('layer-1');
    expect(q?.get('per_page')).toBe('250');
    expect(q?.get('page')).toBe('1');
    expect(q?.get('sparkline')).toBe('false');
    expect(q?.get('price_change_percentage')).toBeNull();
    expect(await provider().p.categoryMembers('no-such-category', 250)).toEqual([]);
  });

  it('does not call upstream for a one-letter search', async () => {
    expect(await provider().p.search(' e ')).toEqual({ coins: [] });
    expect(fake.requests.length).toBe(0);
  });
});

describe('faults, retries and timeouts (3 attempts, 1 s start, 10 s max)', () => {
  it('honours Retry-After in seconds on 429, then succeeds', async () => {
    const { p, time } = provider();
    fake.fail({ type: 'status', status: 429, retryAfter: '3' });
    await p.global();
    expect(fake.requests.length).toBe(2);
    expect(time.sleeps).toEqual([3000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { p, time } = provider();
    fake.fail({ type: 'status', status: 429, retryAfter: new Date(time.now() + 5000).toUTCString() });
    await p.global();
    expect(time.sleeps).toEqual([5000]);
    expect(parseRetryAfter('garbage', 0)).toBeUndefined();
  });

  it('gives up at once on a long Retry-After and fails fast until it passes', async () => {
    const { p, time } = provider();
    fake.fail({ type: 'status', status: 429, retryAfter: '120' });
    const first = await failure(p.global());
    expect(first).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000, attempts: 1 });
    const second = await failure(p.global());
    expect(second.kind).toBe('rate_limited');
    expect(fake.requests.length).toBe(1);
    await time.sleep(120_000);
    await p.global();
    expect(fake.requests.length).toBe(2);
  });

  it('retries 5xx with doubling delays', async () => {
    const { p, time } = provider();
    fake.fail({ type: 'status', status: 500 }, { type: 'status', status: 503 });
    await p.global();
    expect(fake.requests.length).toBe(3);
    expect(time.sleeps).toEqual([1000, 2000]);
  });

  it('stops after 3 attempts with unavailable', async () => {
    const { p } = provider();
    fake.failAlways({ type: 'status', status: 503 });
    const error = await failure(p.global());
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, attempts: 3 });
    expect(fake.requests.length).toBe(3);
  });

  it('caps the backoff at 10 s', async () => {
    const { p, time } = provider({ maxAttempts: 6 });
    fake.failAlways({ type: 'status', status: 502 });
    await failure(p.global());
    expect(time.sleeps).toEqual([1000, 2000, 4000, 8000, 10000]);
  });

  it('times out a hanging upstream and retries', async () => {
    const { p } = provider({ timeoutMs: 100 });
    fake.fail({ type: 'hang' }, { type: 'hang' }, { type: 'hang' });
    const error = await failure(p.global());
    expect(error).toMatchObject({ kind: 'timeout', attempts: 3 });
    expect(fake.requests.length).toBe(3);
  });

  it('recovers after one timeout', async () => {
    const { p } = provider({ timeoutMs: 100 });
    fake.fail({ type: 'hang' });
    await expect(p.global()).resolves.toMatchObject({ active_cryptocurrencies: 17111 });
  });

  it.each([
    ['invalid JSON', { type: 'invalid-json' as const }],
    ['a wrong shape', { type: 'wrong-shape' as const }],
  ])('reports %s as malformed without retrying', async (_label, fault) => {
    const { p } = provider();
    fake.fail(fault);
    const error = await failure(p.marketChart('bitcoin', 'usd', 30));
    expect(error.kind).toBe('malformed');
    expect(fake.requests.length).toBe(1);
  });

  it('does not retry other 4xx (a wrong key)', async () => {
    const { p } = provider();
    fake.fail({ type: 'status', status: 401 });
    const error = await failure(p.global());
    expect(error).toMatchObject({ kind: 'rejected', status: 401 });
    expect(fake.requests.length).toBe(1);
  });

  it('reports a refused connection as unavailable', async () => {
    const { p } = provider({ baseUrl: 'http://127.0.0.1:1/api/v3' });
    const error = await failure(p.global());
    expect(error).toMatchObject({ kind: 'unavailable', attempts: 3 });
  });
});

describe('rate limit (30 calls/min by default)', () => {
  it('makes the 31st call in a minute wait for the window', async () => {
    const { p, time } = provider();
    const start = time.now();
    for (let i = 0; i < 30; i++) await p.global();
    expect(time.sleeps).toEqual([]);
    await p.global();
    expect(fake.requests.length).toBe(31);
    expect(time.sleeps).toEqual([60_000]);
    expect(time.now() - start).toBe(60_000);
  });

  it('tells how many calls could start now, and none during a Retry-After pause', async () => {
    const { p, time } = provider({ callsPerMinute: 5 });
    expect(p.spareCalls()).toBe(5);
    await p.global();
    await p.global();
    expect(p.spareCalls()).toBe(3);
    await time.sleep(60_000);
    expect(p.spareCalls()).toBe(5);
    fake.fail({ type: 'status', status: 429, retryAfter: '120' });
    await failure(p.global());
    expect(p.spareCalls()).toBe(0);
  });

  it('counts retries against the limit', async () => {
    const { p, time } = provider({ callsPerMinute: 2 });
    fake.fail({ type: 'status', status: 500 }, { type: 'status', status: 500 });
    await p.global();
    // 1st call, 1 s backoff, 2nd call, 2 s backoff, then the window (60 s from the 1st) must pass.
    expect(time.sleeps).toEqual([1000, 2000, 57_000]);
  });
});
