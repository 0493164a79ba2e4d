import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Alert,
  alertListResponseSchema,
  coinListPageSchema,
  healthResponseSchema,
  marketStatusSchema,
} from '@app/contracts';
import { dayMs, demoExportNotice } from '@app/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createOutboxMailer } from '../../integrations/mail/index.ts';
import { AutoProvider, CoinGeckoProvider, SnapshotProvider } from '../../integrations/market-data/index.ts';
import {
  type FakeCoinGecko,
  startFakeCoinGecko,
} from '../../integrations/market-data/test/fake-coingecko.ts';
import { marketRefreshJob } from '../../jobs/market-refresh.job.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestClock, type TestClock } from '../../test/test-app.ts';
import { TestClient } from '../../test/test-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { type AlertEngine, createAlertEngine } from '../alerts/index.ts';
import { createMarketService, type MarketService } from './market.service.ts';

/**
 * The market-mode scenarios: MARKET_DATA=auto against a fake CoinGecko on 127.0.0.1 speaking
 * the real protocol, with an injectable clock. Demo (the bundled snapshot) only ever answers a
 * server that has never been live, every response says which mode it is in, an outage serves
 * the last real copy marked stale, and the switch to live leaves no simulated row anywhere.
 */

const minute = 60_000;
/** Bitcoin's live daily closes from the fake: 400 days ending yesterday, easy to recognise. */
function liveCloses(now: number): Array<[number, number]> {
  const today = Math.floor(now / dayMs) * dayMs;
  return Array.from({ length: 400 }, (_, i) => [today - (400 - i) * dayMs + 12 * 3_600_000, 20_000 + i]);
}

interface World {
  fake: FakeCoinGecko;
  db: TestDatabase;
  app: FastifyInstance;
  market: MarketService;
  engine: AlertEngine;
  clock: TestClock;
  /** One refresher run; the alert engine ticks after it, as `buffers` (or the failure hook) makes it. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

async function world(): Promise<World> {
  const fake = await startFakeCoinGecko();
  const db = await createTestDatabase();
  const clock = createTestClock(new Date(Math.floor(Date.now() / dayMs) * dayMs + 12 * 3_600_000));
  fake.setChart('bitcoin', liveCloses(clock().getTime()));
  const now = () => clock().getTime();
  const provider = new AutoProvider({
    primary: new CoinGeckoProvider({
      baseUrl: fake.baseUrl,
      // Outages here answer 503 at once; the timeout only guards a stuck test, so a busy
      // machine's real answer must not outlast it.
      timeoutMs: 10_000,
      maxAttempts: 1,
      callsPerMinute: 10_000,
      now,
    }),
    fallback: new SnapshotProvider({ now }),
  });
  const market = createMarketService({
    db: db.database.db,
    provider,
    clock,
    candleBudget: 3,
    historyDays: 365,
  });
  const bus = createMemoryEventBus();
  const engine = createAlertEngine({ db: db.database.db, market, bus, clock });
  const config = loadConfig(
    { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
    '/tmp',
  );
  // A web build's signed-in pages: the plain app, the one with the demo banner painted, and
  // /dashboard's with its heading painted over each.
  const webDist = mkdtempSync(join(tmpdir(), 'el-provenance-web-'));
  writeFileSync(join(webDist, 'index.html'), '<div id="root">app</div>');
  writeFileSync(join(webDist, 'demo-shell.html'), '<div id="root"><section>Demo data</section></div>');
  mkdirSync(join(webDist, 'frames'));
  writeFileSync(join(webDist, 'frames/dashboard.html'), '<div>Metrics</div><div id="root">app</div>');
  writeFileSync(
    join(webDist, 'frames/dashboard.demo.html'),
    '<section>Demo data</section><div>Metrics</div><div id="root"></div>',
  );
  // The build's list of those shells, which the server chooses from.
  writeFileSync(
    join(webDist, 'shells.json'),
    JSON.stringify({
      visitorPages: [],
      demoBanner: 'demo-shell.html',
      pageFrames: [
        { path: '/dashboard', demo: false, empty: false, file: 'frames/dashboard.html' },
        { path: '/dashboard', demo: true, empty: false, file: 'frames/dashboard.demo.html' },
      ],
    }),
  );
  const app = await buildApp({
    webDist,
    config,
    db: db.database.db,
    clock,
    mailer: createOutboxMailer({ dir: '/tmp/el-provenance-outbox', from: config.mailFrom }),
    logger: false,
    market,
    bus,
    rateLimits: {
      authPerIp: { max: 1000, windowMs: minute },
      loginPerEmail: { max: 1000, windowMs: minute },
    },
  });
  await app.ready();
  let failed = false;
  const job = marketRefreshJob({
    market,
    bus,
    intervalMs: minute,
    logger: { info() {}, error() {} },
    now: clock,
    onFailure: async () => {
      failed = true;
      return engine.tick();
    },
  });
  return {
    fake,
    db,
    app,
    market,
    engine,
    clock,
    async refresh() {
      failed = false;
      await job.run();
      if (!failed) await engine.tick();
    },
    async close() {
      await app.close();
      await db.dispose();
      await fake.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

async function count(w: World, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf(await w.db.database.db.execute(query))[0]?.n ?? 0);
}
const demoRows = async (w: World) =>
  (await count(w, sql`select count(*) as n from daily_candles where source = 'demo'`)) +
  (await count(w, sql`select count(*) as n from market_cache where source = 'demo'`));

async function list(w: World) {
  const res = await w.app.inject({ method: 'GET', url: '/api/v2/cryptocurrencies/?per_page=250' });
  expect(res.statusCode, res.body).toBe(200);
  return coinListPageSchema.parse(res.json());
}
async function health(w: World) {
  return healthResponseSchema.parse((await w.app.inject({ method: 'GET', url: '/health-check' })).json());
}
/** The HTML a signed-in browser is sent for one of the app's pages. */
async function pageHtml(client: TestClient, path: string): Promise<string> {
  const res = await client.get(path, { accept: 'text/html', 'accept-encoding': 'identity' });
  expect(res.statusCode).toBe(200);
  return res.body;
}
async function signedIn(w: World) {
  return portfolioUser(new TestClient(w.app));
}
const priceAtLeast = (usd: number) => ({
  coin_id: 'bitcoin',
  left: { type: 'indicator', metric: 'price' },
  op: '>=',
  right: { type: 'value', value: usd },
});
async function alertsOf(client: TestClient): Promise<Alert[]> {
  return alertListResponseSchema.parse((await client.get('/api/v2/alerts/')).json()).results;
}
async function notificationsOf(client: TestClient) {
  return (await client.get('/api/v2/notifications/')).json() as {
    results: Array<{ event_payload: { demo?: boolean } }>;
  };
}

/** Exports (transactions CSV, both tax CSVs) carry the demo label exactly when the data is demo. */
async function expectExportsLabelled(w: World, u: Awaited<ReturnType<typeof signedIn>>, demo: boolean) {
  const p = await u.portfolio();
  // The world's clock is today at noon, which before noon is ahead of the real clock that the
  // transaction schema refuses future dates by (this failed between 00:00 and 12:00 UTC).
  const soldAt = Math.min(w.clock().getTime(), Date.now());
  await u.ok(p.id, { quantity: '1', price_per_coin: '100', date: new Date(soldAt - dayMs).toISOString() });
  await u.ok(p.id, {
    type: 'sell',
    quantity: '0.5',
    price_per_coin: '120',
    date: new Date(soldAt).toISOString(),
  });
  await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' }); // Form 8949 lists US terms
  const transactions = await u.client.get(`/api/v2/portfolios/${p.id}/export/`);
  const generic = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}`);
  const form = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}&format=form8949`);
  for (const r of [transactions, generic, form]) {
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']?.includes('-demo-data.csv')).toBe(demo);
  }
  expect(transactions.body.startsWith(`# ${demoExportNotice}\r\n`)).toBe(demo);
  expect(generic.body.startsWith(`# ${demoExportNotice}\r\n`)).toBe(demo);
  expect(form.body.startsWith('(a) Description of property,')).toBe(true);
  expect(form.body.includes('0.5 Bitcoin (BTC) (demo data),')).toBe(demo);
}

describe('offline start -> demo everywhere', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    w.fake.failAlways({ type: 'status', status: 503 });
  });
  afterAll(async () => w?.close());

  it('labels every answer demo, stores demo rows only, and says so in alerts and the health check', async () => {
    const u = await signedIn(w);
    const snapshotPrice = (await list(w)).results.find((c) => c.id === 'bitcoin')?.current_price ?? 0;
    expect((await u.client.post('/api/v2/alerts/', priceAtLeast(1))).statusCode).toBe(201);
    await w.refresh();

    const page = await list(w);
    expect(page.source).toMatchObject({ source: 'demo', mode: 'demo', stale: false });
    expect(page.count).toBeGreaterThan(200); // the snapshot's market, not the fake's three coins
    expect(snapshotPrice).toBeGreaterThan(0);
    expect(await health(w)).toMatchObject({ market: { source: 'demo', mode: 'demo', age_seconds: null } });

    const chart = await w.app.inject({
      method: 'GET',
      url: '/api/v2/cryptocurrencies/bitcoin/chart/?timeframe=1Y',
    });
    expect(chart.statusCode).toBe(200);
    expect(chart.json().source).toMatchObject({ mode: 'demo' });
    expect(await count(w, sql`select count(*) as n from daily_candles where source <> 'demo'`)).toBe(0);
    expect(
      await count(w, sql`select count(*) as n from daily_candles where source = 'demo'`),
    ).toBeGreaterThan(300);

    // The engine ran on demo data (allowed in demo mode), and the notification says so.
    const [alert] = await alertsOf(u.client);
    expect(alert?.evaluation).toMatchObject({ status: 'evaluated', mode: 'demo', source: 'demo' });
    const notes = await notificationsOf(u.client);
    expect(notes.results).toHaveLength(1);
    expect(notes.results[0]?.event_payload.demo).toBe(true);
    await expectExportsLabelled(w, u, true);
    // A signed-in page opens with the demo banner already in its HTML, and its heading
    // when the build painted one.
    expect(await pageHtml(u.client, '/dashboard')).toBe(
      '<section>Demo data</section><div>Metrics</div><div id="root"></div>',
    );
    expect(await pageHtml(u.client, '/alerts')).toContain('Demo data');
  });
});

describe('live -> 503 for ten minutes -> live', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => w?.close());

  it('never writes a demo row, labels the last real copy stale, skips alerts, then fires once', async () => {
    await w.refresh();
    const first = await list(w);
    expect(first.source).toMatchObject({ source: 'coingecko', mode: 'live', stale: false });
    const liveAsOf = first.source.as_of;
    expect(first.results.find((c) => c.id === 'bitcoin')?.current_price).toBe(15842.82);

    const u = await signedIn(w);
    // Live prices: no page is sent with the demo banner painted; a framed page has its heading.
    expect(await pageHtml(u.client, '/dashboard')).toBe('<div>Metrics</div><div id="root">app</div>');
    expect(await pageHtml(u.client, '/alerts')).toBe('<div id="root">app</div>');
    expect((await u.client.post('/api/v2/alerts/', priceAtLeast(16_000))).statusCode).toBe(201);
    await w.refresh(); // first evaluation: below the threshold, no firing
    expect((await notificationsOf(u.client)).results).toHaveLength(0);

    w.fake.failAlways({ type: 'status', status: 503 });
    w.fake.setPrice('bitcoin', 17_000); // the crossing happens while we cannot see it
    for (let i = 1; i <= 10; i++) {
      w.clock.advance(minute);
      await w.refresh();
      const page = await list(w);
      expect(page.source).toMatchObject({ source: 'coingecko', mode: 'live', stale: true, as_of: liveAsOf });
      expect(page.results.find((c) => c.id === 'bitcoin')?.current_price).toBe(15842.82);
      expect(page.count).toBe(3);
      expect(await demoRows(w)).toBe(0);
    }
    // Cold per-coin routes answer from what is stored, never 5xx and never the snapshot.
    const ohlc = await w.app.inject({ method: 'GET', url: '/api/v2/terminal/ohlc/bitcoin/?days=365' });
    expect(ohlc.statusCode).toBe(200);
    expect((ohlc.json() as Array<number[]>).every((r) => (r[4] ?? 0) >= 20_000 && (r[4] ?? 0) < 20_400)).toBe(
      true,
    );
    expect(await health(w)).toMatchObject({ market: { mode: 'live', stale: true, age_seconds: 600 } });
    const status = await w.app.inject({ method: 'GET', url: '/api/v2/market/status/' });
    expect(marketStatusSchema.parse(status.json())).toEqual({
      source: 'coingecko',
      mode: 'live',
      as_of: liveAsOf,
      stale: true,
      age_seconds: expect.any(Number),
    });
    const [paused] = await alertsOf(u.client);
    expect(paused?.evaluation).toMatchObject({ status: 'skipped_stale', mode: 'live', data_as_of: liveAsOf });
    expect((await notificationsOf(u.client)).results).toHaveLength(0);

    w.fake.failAlways(null);
    w.clock.advance(minute);
    await w.refresh();
    const back = await list(w);
    expect(back.source).toMatchObject({ source: 'coingecko', mode: 'live', stale: false });
    expect(back.results.find((c) => c.id === 'bitcoin')?.current_price).toBe(17_000);
    const [resumed] = await alertsOf(u.client);
    expect(resumed?.evaluation).toMatchObject({ status: 'evaluated', mode: 'live' });
    const fired = await notificationsOf(u.client);
    expect(fired.results).toHaveLength(1);
    expect(fired.results[0]?.event_payload.demo).toBeUndefined();

    w.clock.advance(minute);
    await w.refresh();
    expect((await notificationsOf(u.client)).results).toHaveLength(1);
    expect(await demoRows(w)).toBe(0);
    await expectExportsLabelled(w, u, false);
  });
});

describe('demo -> live switch purges demo rows', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => w?.close());

  it('leaves no demo candle in any series, chart, indicator or value history', async () => {
    w.fake.failAlways({ type: 'status', status: 503 });
    const u = await signedIn(w);
    const p = await u.portfolio();
    const bought = new Date(w.clock().getTime() - 40 * dayMs).toISOString();
    await u.ok(p.id, { quantity: '2', price_per_coin: '100', date: bought });
    await w.refresh();
    // Demo history in every reader: chart, OHLC, indicator and the dashboard's value series.
    const get = (url: string) => u.client.get(url);
    expect((await get('/api/v2/cryptocurrencies/bitcoin/chart/?timeframe=1Y')).json().source.mode).toBe(
      'demo',
    );
    const demoValues = (await get('/api/v2/dashboard/performance/?timeframe=1M')).json().points as Array<
      [number, number]
    >;
    expect(demoValues.length).toBeGreaterThan(20);
    expect(
      await count(w, sql`select count(*) as n from daily_candles where source = 'demo'`),
    ).toBeGreaterThan(300);
    expect(
      (await get('/api/v2/cryptocurrencies/bitcoin/indicators/?metric=rsi&period=14&days=60')).statusCode,
    ).toBe(200);

    w.fake.failAlways(null);
    await w.refresh();
    expect(await demoRows(w)).toBe(0);
    const live = new Set(liveCloses(w.clock().getTime()).map(([, c]) => c));

    const chart = (await get('/api/v2/cryptocurrencies/bitcoin/chart/?timeframe=1Y')).json();
    expect(chart.source).toMatchObject({ source: 'coingecko', mode: 'live' });
    const chartPrices = (chart.prices as Array<[number, number]>).map(([, v]) => v);
    expect(chartPrices.length).toBeGreaterThan(300);
    // Every stored day is the fake's; the last point is the live quote.
    expect(chartPrices.slice(0, -1).every((v) => live.has(v))).toBe(true);
    expect(chartPrices.at(-1)).toBe(15842.82);

    const ohlc = (await get('/api/v2/terminal/ohlc/bitcoin/?days=365')).json() as Array<number[]>;
    expect(ohlc.length).toBeGreaterThan(300);
    expect(ohlc.every((r) => live.has(r[4] ?? 0))).toBe(true);

    const rsi = (
      await get('/api/v2/cryptocurrencies/bitcoin/indicators/?metric=rsi&period=14&days=60')
    ).json();
    expect((rsi.closes as number[]).every((c) => live.has(c))).toBe(true);

    // Value history: 2 BTC priced at the fake's closes (and the live quote today), nothing simulated.
    const values = (await get('/api/v2/dashboard/performance/?timeframe=1M')).json().points as Array<
      [number, number]
    >;
    expect(values.length).toBeGreaterThan(20);
    for (const [, v] of values) expect(live.has(v / 2) || v / 2 === 15842.82).toBe(true);
  });
});
