import { dayMs, utcDay } from '@app/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBinance, fakeBinanceClose, startFakeBinance } from '../test/fake-binance.ts';
import { fakeTime } from '../test/fake-coingecko.ts';
import { UpstreamError } from '../upstream-error.ts';
import { BinanceMarketData, type BinanceMarketDataOptions } from './binance-market-data.ts';

const start = Date.parse('2026-11-21T12:00:00Z');
let clock = fakeTime(start);
let fake: FakeBinance;
beforeAll(async () => {
  fake = await startFakeBinance({ now: () => clock.now() });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
  clock = fakeTime(start);
});

function client(options: Partial<BinanceMarketDataOptions> = {}) {
  const warnings: Array<Record<string, unknown>> = [];
  const b = new BinanceMarketData({
    baseUrl: fake.baseUrl,
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
    logger: { warn: (o) => warnings.push(o) },
    ...options,
  });
  return { b, warnings };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('Binance klines', () => {
  it('pages five years of daily candles 1,000 at a time, contiguous, completed days only', async () => {
    const { b } = client();
    const got = await b.dailyCandles('bitcoin', '2021-11-21', '2026-11-30');
    expect(got.symbol).toBe('BTCUSDT');
    expect(got.quote).toBe('USDT');
    // 2021-11-21 .. 2026-11-20 (today, 2026-11-21, is still open; later days do not exist).
    const expected = (Date.parse('2026-11-21') - Date.parse('2021-11-21')) / dayMs;
    expect(got.candles).toHaveLength(expected);
    expect(got.candles[0]?.day).toBe('2021-11-21');
    expect(got.candles.at(-1)?.day).toBe('2026-11-20');
    for (let i = 1; i < got.candles.length; i++) {
      expect(Date.parse(got.candles[i]?.day ?? '') - Date.parse(got.candles[i - 1]?.day ?? '')).toBe(dayMs);
    }
    const last = got.candles.at(-1);
    expect(last?.close).toBe(fakeBinanceClose('BTCUSDT', Date.parse('2026-11-20') / dayMs));
    expect(got.requests).toBe(2);
    expect(fake.requests.map((r) => Object.fromEntries(r.query))).toEqual([
      {
        symbol: 'BTCUSDT',
        interval: '1d',
        startTime: String(Date.parse('2021-11-21')),
        endTime: String(start),
        limit: '1000',
      },
      {
        symbol: 'BTCUSDT',
        interval: '1d',
        startTime: String(Date.parse('2021-11-21') + 1000 * dayMs),
        endTime: String(start),
        limit: '1000',
      },
    ]);
    expect(b.http.limiter.totals).toEqual({ requests: 2, weight: 4 });
  });

  it('starts at the pair listing and drops a day the server thinks has closed but ours has not', async () => {
    fake.list('NEWUSDT', '2026-11-10');
    const { b } = client({ symbols: { 'new-coin': 'NEWUSDT' } });
    // The server's clock runs a day ahead: its "yesterday" is still today here.
    const serverAhead = await startFakeBinance({ now: () => clock.now() + dayMs });
    try {
      serverAhead.list('NEWUSDT', '2026-11-10');
      const skewed = new BinanceMarketData({
        baseUrl: serverAhead.baseUrl,
        now: () => clock.now(),
        symbols: { 'new-coin': 'NEWUSDT' },
      });
      const got = await skewed.dailyCandles('new-coin', '2026-01-01', '2026-12-31');
      expect(got.candles.map((c) => c.day)).toEqual(
        Array.from({ length: 11 }, (_, i) => utcDay(Date.parse('2026-11-10') + i * dayMs)),
      );
    } finally {
      await serverAhead.close();
    }
    const local = await b.dailyCandles('new-coin', '2026-01-01', '2026-12-31');
    expect(local.candles.at(-1)?.day).toBe('2026-11-20');
  });

  it('asks nothing for a coin without a checked pair, and calls a delisted pair not found', async () => {
    const { b } = client();
    expect((await failure(b.dailyCandles('kaspa', '2020-01-01', '2020-02-01'))).kind).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
    fake.delist('LUNCUSDT');
    const error = await failure(b.dailyCandles('terra-luna', '2024-01-01', '2024-02-01'));
    expect(error.kind).toBe('not_found');
    expect(error.message).toContain('-1121');
  });

  it('rejects malformed and partial bodies whole, logging once per kind', async () => {
    const { b, warnings } = client();
    fake.fail(
      { type: 'wrong-shape' },
      { type: 'partial' },
      { type: 'invalid-json' },
      { type: 'wrong-shape' },
    );
    for (let i = 0; i < 4; i++) {
      expect((await failure(b.dailyCandles('ethereum', '2025-01-01', '2025-03-01'))).kind).toBe('malformed');
    }
    expect(warnings.filter((w) => w.kind === 'malformed')).toHaveLength(1);
    const ok = await b.dailyCandles('ethereum', '2025-01-01', '2025-03-01');
    expect(ok.candles).toHaveLength(60);
  });

  it('a failing second page fails the whole backfill', async () => {
    const { b } = client();
    // Page one answers; page two fails on both attempts.
    fake.fail({ type: 'none' }, { type: 'status', status: 503 }, { type: 'status', status: 503 });
    expect((await failure(b.dailyCandles('solana', '2020-01-01', '2026-01-01'))).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
    expect((await b.dailyCandles('solana', '2020-01-01', '2026-01-01')).candles).toHaveLength(2193);
  });
});

describe('Binance weight budget', () => {
  it('429 with Retry-After pauses every call until it has passed, without asking again', async () => {
    const { b } = client();
    fake.fail({ type: 'status', status: 429, retryAfter: '30' });
    const error = await failure(b.dailyCandles('bitcoin', '2026-01-01', '2026-02-01'));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(30_000);
    expect((await failure(b.currentPrices(['bitcoin']))).kind).toBe('rate_limited');
    expect(fake.requests).toHaveLength(1);
    expect(b.http.spareWeight()).toBe(0);
    await clock.sleep(30_000);
    expect((await b.currentPrices(['bitcoin'])).get('bitcoin')?.symbol).toBe('BTCUSDT');
  });

  it('418 (IP banned) stops calls for its Retry-After', async () => {
    const { b } = client();
    fake.fail({ type: 'status', status: 418, retryAfter: '120' });
    const error = await failure(b.currentPrices(['bitcoin']));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 418, retryAfterMs: 120_000 });
    expect(b.http.limiter.pausedForMs()).toBe(120_000);
  });

  it('waits for the next minute when our budget or the server-reported weight is spent', async () => {
    const { b } = client({ weightPerMinute: 6 });
    await b.dailyCandles('bitcoin', '2026-11-01', '2026-11-02');
    await b.dailyCandles('ethereum', '2026-11-01', '2026-11-02');
    await b.dailyCandles('solana', '2026-11-01', '2026-11-02');
    expect(clock.sleeps).toEqual([]);
    // The server now reports 6 used this minute: the fourth call waits for the next minute.
    await b.dailyCandles('ripple', '2026-11-01', '2026-11-02');
    expect(clock.sleeps).toHaveLength(1);
    expect(fake.requests).toHaveLength(4);
  });
});

describe('Binance current prices', () => {
  it('prices the listed coins among those asked, in USDT, with one weight-4 call', async () => {
    const { b } = client();
    const prices = await b.currentPrices(['bitcoin', 'ethereum', 'kaspa', 'tether']);
    expect([...prices.keys()].sort()).toEqual(['bitcoin', 'ethereum']);
    expect(prices.get('ethereum')).toEqual({
      symbol: 'ETHUSDT',
      quote: 'USDT',
      price: fakeBinanceClose('ETHUSDT', Math.floor(start / dayMs)),
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.usedWeight()).toBe(4);
  });

  it('a malformed ticker body gives no prices', async () => {
    const { b } = client();
    fake.fail({ type: 'wrong-shape' });
    expect((await failure(b.currentPrices(['bitcoin']))).kind).toBe('malformed');
  });
});
