import { coinListPageSchema } from '@app/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createOutboxMailer } from '../../integrations/mail/index.ts';
import { type CoinGeckoClientOptions, CoinGeckoProvider } from '../../integrations/market-data/index.ts';
import {
  type FakeCoinGecko,
  startFakeCoinGecko,
} from '../../integrations/market-data/test/fake-coingecko.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { CategoryMembershipDeps } from './category-membership.ts';
import { createMarketService, type ListInput } from './market.service.ts';

/**
 * CoinGecko's coins/markets carries no categories, so on live data the category filter and
 * "exclude stablecoins" lean on the membership learnt per category (the real
 * client against a fake CoinGecko on 127.0.0.1).
 */
let fake: FakeCoinGecko;
let db: TestDatabase;

beforeAll(async () => {
  fake = await startFakeCoinGecko();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  fake.requests.length = 0;
  fake.failAlways(null);
  fake.failCategories(null);
  fake.setCategory('stablecoins', ['tether']);
  await db?.dispose();
});

/** A base that knows none of the fixture coins, like coins the snapshot does not carry. */
const unknownToSnapshot = () => new Map<string, readonly string[]>();

function service(
  categories: Partial<Omit<CategoryMembershipDeps, 'db' | 'provider' | 'clock' | 'logger'>>,
  client: Partial<CoinGeckoClientOptions> = {},
) {
  return createMarketService({
    db: db.database.db,
    provider: new CoinGeckoProvider({
      baseUrl: fake.baseUrl,
      // A busy machine's real answer can outlast a short timeout; only the hang case sets one.
      timeoutMs: 10_000,
      maxAttempts: 1,
      callsPerMinute: 10_000,
      ...client,
    }),
    clock: () => new Date(),
    candleBudget: 0,
    categories: { minGapMs: 0, ...categories },
  });
}
type Market = ReturnType<typeof service>;

/** One market refresh and the category step it starts in the background, both settled. */
async function refreshed(market: Market) {
  const result = await market.refresh();
  expect(result).toMatchObject({ ok: true });
  return { result, step: await result.categoryStep };
}

const listInput: ListInput = {
  vs: 'usd',
  page: 1,
  perPage: 50,
  order: 'market_cap_desc',
  excludeStablecoins: false,
  sparkline: false,
};
const ids = async (market: Market, filter: Partial<ListInput>) =>
  (await market.list({ ...listInput, ...filter })).results.map((c) => c.id);
const askedCategories = () =>
  fake.requests.filter((r) => r.query.has('category')).map((r) => r.query.get('category'));

describe('category membership on live CoinGecko data', () => {
  it("starts from the snapshot's categories for the coins it knows", async () => {
    const market = service({});
    await refreshed(market);
    expect(await ids(market, { category: 'stablecoins' })).toEqual(['tether']);
    expect(await ids(market, { category: 'layer-1' })).toContain('bitcoin');
    expect(await ids(market, { excludeStablecoins: true })).toEqual(['bitcoin', 'ethereum']);
    expect(market.describe().source).toBe('coingecko');
  });

  it('learns each offered category from CoinGecko, stablecoins first, and applies it on the next refresh', async () => {
    const market = service({ base: unknownToSnapshot, categories: ['stablecoins', 'layer-1'] });
    const { step } = await refreshed(market);
    // The gap this closes: live rows carry no categories of their own.
    expect(await ids(market, { category: 'stablecoins' })).toEqual([]);
    expect(step).toMatchObject({ category: 'stablecoins', outcome: 'updated', members: 1 });
    expect(await market.refreshCategories()).toMatchObject({
      category: 'layer-1',
      outcome: 'updated',
      members: 2,
    });
    expect(await market.refreshCategories()).toMatchObject({ outcome: 'skipped', category: null });
    expect(askedCategories()).toEqual(['stablecoins', 'layer-1']);
    for (const request of fake.requests.filter((r) => r.query.has('category'))) {
      expect(request.query.get('per_page')).toBe('250');
      expect(request.query.get('vs_currency')).toBe('usd');
    }
    await refreshed(market);
    expect(await ids(market, { category: 'stablecoins' })).toEqual(['tether']);
    expect(await ids(market, { category: 'layer-1' })).toEqual(['bitcoin', 'ethereum']);
  });

  it('keeps the last known membership when a category call fails, and takes a newer complete answer', async () => {
    const market = service({
      base: unknownToSnapshot,
      categories: ['stablecoins'],
      maxAgeMs: 0,
      retryAfterMs: 0,
    });
    expect((await refreshed(market)).step?.outcome).toBe('updated');
    for (const fault of [{ type: 'status', status: 500 }, { type: 'wrong-shape' }] as const) {
      fake.failCategories(fault);
      expect((await refreshed(market)).step).toMatchObject({ category: 'stablecoins', outcome: 'failed' });
      await refreshed(market);
      expect(await ids(market, { category: 'stablecoins' })).toEqual(['tether']);
    }
    fake.failCategories(null);
    // A complete answer (less than one page) overrules what was known before.
    fake.setCategory('stablecoins', []);
    expect((await refreshed(market)).step).toMatchObject({ outcome: 'updated', members: 0 });
    await refreshed(market);
    expect(await ids(market, { category: 'stablecoins' })).toEqual([]);
  });

  it('lets a complete live answer overrule the snapshot, which still fills categories not yet asked', async () => {
    const base = () =>
      new Map<string, readonly string[]>([
        ['bitcoin', ['layer-1', 'meme-token']],
        ['ethereum', ['layer-1']],
      ]);
    const market = service({ base, categories: ['meme-token', 'layer-1'] });
    const { step } = await refreshed(market);
    expect(await ids(market, { category: 'meme-token' })).toEqual(['bitcoin']);
    // The fake knows no meme coin among its three.
    expect(step).toMatchObject({ category: 'meme-token', outcome: 'updated', members: 0 });
    await refreshed(market);
    expect(await ids(market, { category: 'meme-token' })).toEqual([]);
    expect(await ids(market, { category: 'layer-1' })).toEqual(['bitcoin', 'ethereum']);
  });

  it('never holds up the market refresh: the category call runs after it, in the background', async () => {
    // A slow failure, not a hang: a short client timeout would also cut the refresh's own calls
    // whenever the machine is busy (seen with two test files at once).
    const market = service({ base: unknownToSnapshot, categories: ['stablecoins'] });
    fake.failCategories({ type: 'status', status: 503, delayMs: 1_000 });
    const result = await market.refresh();
    expect(result.ok).toBe(true);
    // The refresh has returned while the category call it started still has no answer.
    let settled = false;
    void result.categoryStep?.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(await result.categoryStep).toMatchObject({ category: 'stablecoins', outcome: 'failed' });
    expect(askedCategories()).toEqual(['stablecoins']);
  });

  it('stays inside the rate budget: no category call while the window lacks spare calls', async () => {
    // 12 calls a minute; a refresh spends 4 (markets, rates, global, trending); 10 are kept free.
    const market = service({ base: unknownToSnapshot, reserveCalls: 10 }, { callsPerMinute: 12 });
    expect((await refreshed(market)).step).toMatchObject({
      category: 'stablecoins',
      outcome: 'skipped',
      reason: 'the rate budget is needed elsewhere',
    });
    expect(askedCategories()).toEqual([]);
  });

  it('asks at most once per gap, and remembers the membership across a restart', async () => {
    const first = service({ base: unknownToSnapshot, minGapMs: 60_000 });
    expect((await refreshed(first)).step?.outcome).toBe('updated');
    expect(await first.refreshCategories()).toMatchObject({
      outcome: 'skipped',
      reason: 'asked too recently',
    });
    expect(askedCategories()).toEqual(['stablecoins']);

    fake.failCategories({ type: 'status', status: 500 });
    const restarted = service({ base: unknownToSnapshot });
    expect((await refreshed(restarted)).step?.outcome).toBe('failed');
    expect(await ids(restarted, { category: 'stablecoins' })).toEqual(['tether']);
  });

  it('filters the live list route by category and excludes stablecoins', async () => {
    const market = service({ base: unknownToSnapshot, categories: ['stablecoins'] });
    await refreshed(market);
    await refreshed(market);
    const config = loadConfig(
      { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
      '/tmp',
    );
    const app = await buildApp({
      config,
      db: db.database.db,
      mailer: createOutboxMailer({ dir: '/tmp/el-categories-outbox', from: config.mailFrom }),
      logger: false,
      market,
    });
    try {
      await app.ready();
      const get = async (query: string) =>
        coinListPageSchema
          .parse((await app.inject({ method: 'GET', url: `/api/v2/cryptocurrencies/?${query}` })).json())
          .results.map((c) => c.id);
      expect(await get('category=stablecoins')).toEqual(['tether']);
      expect(await get('exclude_stablecoins=true')).toEqual(['bitcoin', 'ethereum']);
    } finally {
      await app.close();
    }
  });
});
