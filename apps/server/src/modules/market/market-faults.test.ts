import { chartResponseSchema, coinDetailsResponseSchema, coinListPageSchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createOutboxMailer } from '../../integrations/mail/index.ts';
import { CoinGeckoProvider } from '../../integrations/market-data/index.ts';
import {
  type FakeCoinGecko,
  startFakeCoinGecko,
} from '../../integrations/market-data/test/fake-coingecko.ts';
import { marketRefreshJob } from '../../jobs/market-refresh.job.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMarketService, type MarketService } from './market.service.ts';

/**
 * The cached market against a misbehaving CoinGecko (a fake server on
 * 127.0.0.1 speaking the real protocol): whatever upstream does, routes keep answering
 * from the cache, marked stale, and never with a 5xx.
 */
let fake: FakeCoinGecko;
let db: TestDatabase;
let app: FastifyInstance;
let market: MarketService;
const bus = createMemoryEventBus();
const events: string[] = [];

beforeAll(async () => {
  fake = await startFakeCoinGecko();
  db = await createTestDatabase();
  market = createMarketService({
    db: db.database.db,
    provider: new CoinGeckoProvider({
      baseUrl: fake.baseUrl,
      // Long enough for a busy machine's real answer; the hang case waits it out twice.
      timeoutMs: 2_000,
      maxAttempts: 2,
      baseDelayMs: 1,
      maxDelayMs: 5,
      maxRetryAfterMs: 50,
      callsPerMinute: 10_000,
    }),
    clock: () => new Date(),
    candleBudget: 0,
  });
  bus.subscribe((e) => events.push(e.type));
  const config = loadConfig(
    { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
    '/tmp',
  );
  app = await buildApp({
    config,
    db: db.database.db,
    mailer: createOutboxMailer({ dir: '/tmp/el-faults-outbox', from: config.mailFrom }),
    logger: false,
    market,
    bus,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  await fake?.close();
});

const job = () => marketRefreshJob({ market, bus, intervalMs: 60_000, logger: { info() {}, error() {} } });
const list = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v2/cryptocurrencies/' });
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? coinListPageSchema.parse(res.json()) : null,
  };
};

describe('cached market over a faulty CoinGecko', () => {
  it('fills the cache from CoinGecko and publishes buffers', async () => {
    await job().run();
    expect(events).toEqual(['buffers']);
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body?.results.map((c) => c.id)).toEqual(['bitcoin', 'ethereum', 'tether']);
    expect(body?.source).toMatchObject({ source: 'coingecko', stale: false });
  });

  it('answers cold coin pages without a 5xx while upstream is down', async () => {
    fake.failAlways({ type: 'status', status: 500 });
    try {
      const details = await app.inject({ method: 'GET', url: '/api/v2/cryptocurrencies/details/bitcoin/' });
      expect(details.statusCode).toBe(200);
      expect(coinDetailsResponseSchema.parse(details.json()).id).toBe('bitcoin');
      const chart = await app.inject({
        method: 'GET',
        url: '/api/v2/cryptocurrencies/ethereum/chart/?timeframe=1W',
      });
      expect(chart.statusCode).toBe(200);
      chartResponseSchema.parse(chart.json());
      const ohlc = await app.inject({ method: 'GET', url: '/api/v2/terminal/ohlc/ethereum/?days=7' });
      expect(ohlc.statusCode).toBeLessThan(500);
    } finally {
      fake.failAlways(null);
    }
  });

  it('recovers on the next good refresh', async () => {
    const result = await market.refresh();
    expect(result.error).toBeUndefined();
    expect((await list()).body?.source.stale).toBe(false);
  });

  for (const [name, fault] of [
    ['5xx', { type: 'status', status: 503 }],
    ['a timeout', { type: 'hang' }],
    ['a malformed body', { type: 'invalid-json' }],
    ['a wrong shape', { type: 'wrong-shape' }],
    // Last: the client then honours Retry-After and holds further calls for a while.
    ['429 with Retry-After', { type: 'status', status: 429, retryAfter: '30' }],
  ] as const) {
    it(`keeps serving the cached copy, marked stale, on ${name}`, async () => {
      fake.failAlways(fault);
      try {
        const before = events.length;
        await job().run();
        expect(events.length).toBe(before); // nothing new to announce
        const { status, body } = await list();
        expect(status).toBe(200);
        expect(body?.results).toHaveLength(3);
        expect(body?.source.stale).toBe(true);
      } finally {
        fake.failAlways(null);
      }
    });
  }

  it('serves the cached copy after a restart without asking upstream', async () => {
    fake.failAlways({ type: 'status', status: 500 });
    try {
      const restarted = createMarketService({
        db: db.database.db,
        provider: new CoinGeckoProvider({ baseUrl: fake.baseUrl, maxAttempts: 1, callsPerMinute: 10_000 }),
        clock: () => new Date(),
      });
      const quotes = await restarted.getQuotes(['bitcoin'], 'eur');
      expect(quotes.get('bitcoin')?.current_price).toBeGreaterThan(0);
    } finally {
      fake.failAlways(null);
    }
  });
});

describe('a malformed CoinGecko body', () => {
  it('changes nothing stored and is logged once per kind for the whole outage', async () => {
    const warnings: Array<{ kind: unknown; message: string }> = [];
    const logged = createMarketService({
      db: db.database.db,
      provider: new CoinGeckoProvider({ baseUrl: fake.baseUrl, maxAttempts: 1, callsPerMinute: 10_000 }),
      clock: () => new Date(),
      candleBudget: 0,
      logger: { warn: (o, message) => warnings.push({ kind: o.kind, message }), info() {} },
    });
    const good = await logged.refresh();
    expect(good).toMatchObject({ ok: true });
    await good.categoryStep; // its background step writes too; let it finish first
    const stored = async () =>
      rowsOf(
        await db.database.db.execute(
          sql`select key, source, fetched_at::text as at, md5(payload::text) as body from market_cache order by key`,
        ),
      );
    const before = await stored();
    fake.failAlways({ type: 'wrong-shape' });
    try {
      for (let i = 0; i < 3; i++) expect(await logged.refresh()).toMatchObject({ ok: false });
      fake.failAlways({ type: 'invalid-json' });
      for (let i = 0; i < 3; i++) expect(await logged.refresh()).toMatchObject({ ok: false });
    } finally {
      fake.failAlways(null);
    }
    expect(await stored()).toEqual(before);
    const refreshFailures = warnings.filter((w) => w.message.startsWith('market refresh failed'));
    expect(refreshFailures).toEqual([{ kind: 'malformed', message: expect.any(String) }]);
    // The outage over, a new one logs again.
    expect(await logged.refresh()).toMatchObject({ ok: true });
    fake.failAlways({ type: 'wrong-shape' });
    try {
      await logged.refresh();
    } finally {
      fake.failAlways(null);
    }
    expect(warnings.filter((w) => w.message.startsWith('market refresh failed'))).toHaveLength(2);
  });
});
