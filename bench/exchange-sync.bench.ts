// The first sync of a Binance account with BENCH_EXCHANGE_TRADES fills over BENCH_EXCHANGE_MARKETS
// markets, through the server's own sync (the connections module, its exchange gateway with the
// shared request budget, ccxt at its own pacing) against the fake Binance on 127.0.0.1, into a
// migrated PGlite in a temporary folder (or BENCH_DATABASE_URL). Beside it, in the same run: the
// history reader alone (the same ccxt client and pacing, an in-process budget, no database) on a
// second fake with the same account, and the floor: the fewest requests Binance's documented
// paging allows, and the time ccxt's throttle and the budget take to let those requests out when
// every answer comes back at once. Then a second sync, which must book nothing and ask only what
// moves the cursor on.
//
// The account trades known coins, each deposited first, so that its fills are booked rather than
// held back as unknown assets.
//
// Run: node --import tsx bench/exchange-sync.bench.ts [--quick]
// Sizes: BENCH_EXCHANGE_TRADES (20000; 2000 with --quick), BENCH_EXCHANGE_MARKETS (40; 8 with --quick).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type DailyCandle, utcDay } from '@app/core';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { connectionRecords, connections, transactions } from '../apps/server/src/db/schema/index.ts';
import { TokenBucketBudget } from '../apps/server/src/integrations/chain-http/token-bucket-budget.ts';
import {
  createExchangeClient,
  type ExchangeClient,
  loadCcxt,
  readExchangeHistory,
} from '../apps/server/src/integrations/exchanges/index.ts';
import type { BinanceAccount } from '../apps/server/src/integrations/exchanges/test/binance-account.ts';
import { startFakeBinance } from '../apps/server/src/integrations/exchanges/test/fake-binance.ts';
import type { RecordedRequest } from '../apps/server/src/integrations/exchanges/test/fake-exchange-server.ts';
import { generateBinanceAccount } from '../apps/server/src/integrations/exchanges/test/generated-accounts.ts';
import { createOutboxMailer } from '../apps/server/src/integrations/mail/index.ts';
import type { ConnectionsModule } from '../apps/server/src/modules/connections/index.ts';
import { upsertCandles } from '../apps/server/src/modules/market/index.ts';
import { portfolioUser } from '../apps/server/src/test/portfolio-test-helpers.ts';
import { closedExplorers } from '../apps/server/src/test/process-helpers.ts';
import { TestClient } from '../apps/server/src/test/test-client.ts';
import { createTestMarket } from '../apps/server/src/test/test-market.ts';

const quick = process.argv.includes('--quick');
const tradeCount = Number(process.env.BENCH_EXCHANGE_TRADES ?? (quick ? 2000 : 20_000));
const marketCount = Number(process.env.BENCH_EXCHANGE_MARKETS ?? (quick ? 8 : 40));
/** Known coins none of the fake's own markets list, two markets each (USDT and BTC). */
const bases = [
  'AAVE',
  'ALGO',
  'APT',
  'ARB',
  'ATOM',
  'AVAX',
  'ETC',
  'FIL',
  'HBAR',
  'ICP',
  'LINK',
  'NEAR',
  'OP',
  'SUI',
  'TON',
  'TRX',
  'UNI',
  'XLM',
  'ZEC',
  'XTZ',
  'VET',
  'MKR',
  'EOS',
];

const dayMs = 86_400_000;
// Binance's documented limits, which the fake enforces: they, not the reader's choices, set the floor.
const binanceOpened = Date.parse('2017-07-14T00:00:00.000Z');
const tradesPerPage = 1000;
const fundingPerPage = 1000;
const fundingWindowMs = 90 * dayMs;
const dividendsPerPage = 500;
const dividendWindowMs = 180 * dayMs;
/** The reader leaves the newest minute for the next sync, so a deposit is read once it is final. */
const settleMs = 60_000;

setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

const endpoints = [
  '/api/v3/exchangeInfo',
  '/api/v3/account',
  '/sapi/v1/capital/deposit/hisrec',
  '/sapi/v1/capital/withdraw/history',
  '/sapi/v1/asset/assetDividend',
  '/api/v3/myTrades',
  '/sapi/v1/account/apiRestrictions',
] as const;
type Endpoint = (typeof endpoints)[number];
type Counts = Map<string, number>;

/** ccxt's cost of each endpoint in its Binance class (its throttle waits cost × rateLimit after one). */
function ccxtCosts(client: ExchangeClient<'binance'>): Record<Endpoint, number> {
  const api: unknown = client.ccxt.api;
  const costOf = (section: string, path: string): number => {
    const entry = lookup(api, [section, 'get', path]);
    const cost = lookup(entry, ['cost']);
    if (typeof cost !== 'number') throw new Error(`ccxt lists no cost for ${section} ${path}`);
    return cost;
  };
  return {
    '/api/v3/exchangeInfo': costOf('public', 'exchangeInfo'),
    '/api/v3/account': costOf('private', 'account'),
    '/sapi/v1/capital/deposit/hisrec': costOf('sapi', 'capital/deposit/hisrec'),
    '/sapi/v1/capital/withdraw/history': costOf('sapi', 'capital/withdraw/history'),
    '/sapi/v1/asset/assetDividend': costOf('sapi', 'asset/assetDividend'),
    '/api/v3/myTrades': costOf('private', 'myTrades'),
    '/sapi/v1/account/apiRestrictions': costOf('sapi', 'account/apiRestrictions'),
  };
}

function lookup(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

interface Floor {
  /** Requests per endpoint, in the order a reader sends them. */
  plan: Array<{ endpoint: Endpoint; requests: number }>;
  /** Markets asked for trades: those whose two assets the account holds or has moved. */
  symbols: string[];
}

const pagesFor = (rows: number, perPage: number) => Math.floor(rows / perPage) + 1;

/** Windows of `windowMs` from `from` to `to` (both inclusive), each with the rows falling in it. */
function windowRows(from: number, to: number, windowMs: number, times: readonly number[]): number[] {
  const out: number[] = [];
  for (let start = from; start <= to; start += windowMs) {
    const end = Math.min(start + windowMs - 1, to);
    out.push(times.filter((t) => t >= start && t <= end).length);
  }
  return out;
}

/**
 * The least any reader of Binance's API asks for this account from `from`: the markets and the
 * balances once; every deposit, withdrawal and distribution window from `from` to `end`, a page
 * per limit's worth of rows (the last page short, or empty); each market named by the account's
 * assets, a page per 1,000 fills (a market with none still has to be asked once to know it).
 */
function floorOf(account: BinanceAccount, from: number | null, end: number, firstRead: boolean): Floor {
  const assets = new Set<string>();
  for (const b of account.balances) if (Number(b.free) + Number(b.locked) !== 0) assets.add(b.asset);
  for (const d of account.deposits) assets.add(d.coin);
  for (const w of account.withdrawals) assets.add(w.coin);
  for (const d of account.dividends) assets.add(d.asset);
  const symbols = account.symbols
    .filter((s) => assets.has(s.baseAsset) && assets.has(s.quoteAsset))
    .map((s) => s.symbol)
    .sort();
  const start = from ?? binanceOpened;
  const funding = (times: number[], windowMs: number, perPage: number) =>
    windowRows(start, end, windowMs, times).reduce((sum, rows) => sum + pagesFor(rows, perPage), 0);
  const withdrawalTimes = account.withdrawals.map((w) => Date.parse(`${w.applyTime.replace(' ', 'T')}Z`));
  const fills = (symbol: string) =>
    firstRead ? account.trades.filter((t) => t.symbol === symbol).length : 0;
  return {
    symbols,
    plan: [
      { endpoint: '/api/v3/exchangeInfo', requests: 1 },
      { endpoint: '/api/v3/account', requests: 1 },
      {
        endpoint: '/sapi/v1/capital/deposit/hisrec',
        requests: funding(
          account.deposits.map((d) => d.insertTime),
          fundingWindowMs,
          fundingPerPage,
        ),
      },
      {
        endpoint: '/sapi/v1/capital/withdraw/history',
        requests: funding(withdrawalTimes, fundingWindowMs, fundingPerPage),
      },
      {
        endpoint: '/sapi/v1/asset/assetDividend',
        requests: funding(
          account.dividends.map((d) => d.divTime),
          dividendWindowMs,
          dividendsPerPage,
        ),
      },
      {
        endpoint: '/api/v3/myTrades',
        requests: symbols.reduce((sum, s) => sum + pagesFor(fills(s), tradesPerPage), 0),
      },
    ],
  };
}

/**
 * How long the floor's requests take to leave if every answer came back at once. Each request
 * first takes a token of the budget (`perSecond`, burst 1, full at the start), then waits out
 * ccxt's throttle: ccxt's bucket holds at most one token and refills only while a request is
 * waiting in it, so after a request of cost c the next one waits c × rateLimit from the moment
 * it asks, whatever time passed in between.
 */
function timeFloorMs(
  plan: Floor['plan'],
  costs: Record<Endpoint, number>,
  rateLimitMs: number,
  perSecond: number,
): { bothMs: number; ccxtMs: number; budgetMs: number } {
  const costsInOrder = plan.flatMap((p) => Array<number>(p.requests).fill(costs[p.endpoint]));
  const gapMs = 1000 / perSecond;
  let sentAt = 0;
  let lastToken = Number.NEGATIVE_INFINITY;
  let debt = 0;
  for (const cost of costsInOrder) {
    const token = Math.max(sentAt, lastToken + gapMs);
    lastToken = token;
    sentAt = token + debt * rateLimitMs;
    debt = cost;
  }
  const ccxtMs = costsInOrder.slice(0, -1).reduce((sum, c) => sum + c * rateLimitMs, 0);
  return { bothMs: sentAt, ccxtMs, budgetMs: Math.max(0, costsInOrder.length - 1) * gapMs };
}

function byEndpoint(requests: readonly RecordedRequest[]): Counts {
  const out: Counts = new Map();
  for (const r of requests) out.set(r.path, (out.get(r.path) ?? 0) + 1);
  return out;
}

const total = (counts: Counts) => [...counts.values()].reduce((a, b) => a + b, 0);
const planTotal = (plan: Floor['plan']) => plan.reduce((a, p) => a + p.requests, 0);
const askedSymbols = (requests: readonly RecordedRequest[]) =>
  [
    ...new Set(requests.filter((r) => r.path === '/api/v3/myTrades').map((r) => r.params.symbol ?? '')),
  ].sort();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Peak heap (and resident set) while `run` runs, sampled every 50 ms. */
async function sampled<T>(run: () => Promise<T>): Promise<{
  result: T;
  ms: number;
  /** Epoch ms at the start, to place the fake's requests in the run. */
  startedAt: number;
  heapBefore: number;
  heapPeak: number;
  rssPeak: number;
}> {
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let rssPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  }, 50);
  const startedAt = Date.now();
  const started = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - started, startedAt, heapBefore, heapPeak, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}

/** Daily closes for the coins a booking values fees and BTC-priced trades with. */
function candles(from: number, to: number, close: number): DailyCandle[] {
  const out: DailyCandle[] = [];
  for (let at = from - dayMs; at <= to + dayMs; at += dayMs) {
    out.push({ day: utcDay(at), open: close, high: close, low: close, close });
  }
  return out;
}

interface Server {
  client: TestClient;
  connections: ConnectionsModule;
  rows(connectionId: string): Promise<number>;
  held(connectionId: string): Promise<number>;
  /** Bytes of the connection's sealed cursor, which every page of a read stores again. */
  cursorBytes(connectionId: string): Promise<number>;
  close(): Promise<void>;
}

/** The app as main builds it, but in this process and without a job queue: a sync runs when asked. */
async function startServer(binanceUrl: string, closesFrom: number): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-exchange-sync-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      LOG_LEVEL: 'silent',
      ...closedExplorers,
      EXCHANGE_API_URLS: JSON.stringify({ binance: binanceUrl }),
    },
    dataDir,
  );
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
  await migrateDatabase(database);
  const market = createTestMarket();
  market.setCoin('bitcoin', [30_000], 30_000);
  market.setCoin('binancecoin', [300], 300);
  const now = Date.now();
  const provenance = { source: 'coingecko' as const, fetchedAt: new Date() };
  await upsertCandles(database.db, 'bitcoin', 'usd', candles(closesFrom, now, 30_000), provenance);
  await upsertCandles(database.db, 'binancecoin', 'usd', candles(closesFrom, now, 300), provenance);
  let built: ConnectionsModule | undefined;
  const generous = { max: 1000, windowMs: 60_000 };
  const app = await buildApp({
    config,
    db: database.db,
    sessionWrites: database.sessionWrites,
    mailer: createOutboxMailer({ dir: join(dataDir, 'outbox'), from: config.mailFrom }),
    logger: false,
    market,
    rateLimits: { authPerIp: generous, loginPerEmail: generous },
    autoVerifyFirstAccount: false,
    onConnections: (module) => {
      built = module;
    },
  });
  await app.ready();
  if (!built) throw new Error('the app built no connections module');
  const connectionsModule = built;
  const db = database.db;
  return {
    client: new TestClient(app),
    connections: connectionsModule,
    async rows(connectionId) {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.sourceConnectionId, connectionId));
      return row?.n ?? 0;
    },
    async held(connectionId) {
      const [row] = await db
        .select({ n: count() })
        .from(connectionRecords)
        .where(eq(connectionRecords.connectionId, connectionId));
      return row?.n ?? 0;
    },
    async cursorBytes(connectionId) {
      const [row] = await db
        .select({ sealed: connections.sealedCursor })
        .from(connections)
        .where(eq(connections.id, connectionId));
      return row?.sealed?.length ?? 0;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export async function benchExchangeSync(): Promise<void> {
  const account = generateBinanceAccount({ trades: tradeCount, markets: marketCount, bases });
  const firstFill = Math.min(...account.trades.map((t) => t.time));
  const fake = await startFakeBinance({ account });
  const alone = await startFakeBinance({ account });
  const server = await startServer(fake.url, Math.min(firstFill, ...account.dividends.map((d) => d.divTime)));
  try {
    console.log(
      `\nexchange sync (Binance, ${tradeCount.toLocaleString('en-US')} fills over ${marketCount} markets; Node ${process.version}; ${cpus().length} cores, load average ${load()} at the start)`,
    );
    const user = await portfolioUser(server.client);
    const portfolio = await user.portfolio({ name: 'Binance' });
    const created = await user.client.post('/api/v2/connections/', {
      portfolio_id: portfolio.id,
      label: 'Binance',
      kind: 'exchange',
      exchange: 'binance',
      api_key: fake.key.apiKey,
      api_secret: fake.key.secret,
    });
    if (created.statusCode !== 201) throw new Error(`connect: ${created.statusCode} ${created.body}`);
    const connectionId = (created.json() as { id: string }).id;
    const atConnect = byEndpoint(fake.requests);

    // The server's first sync.
    const beforeFirst = fake.requests.length;
    const firstEnd = Date.now() - settleMs;
    const first = await sampled(() => server.connections.sync.run(connectionId));
    if (first.result !== 'synced') throw new Error(`first sync: ${first.result}`);
    const firstRequests = fake.requests.slice(beforeFirst);
    const firstRows = await server.rows(connectionId);
    const firstHeld = await server.held(connectionId);
    const cursorBytes = await server.cursorBytes(connectionId);

    // The second sync, from the cursor the first one left.
    const beforeSecond = fake.requests.length;
    const second = await sampled(() => server.connections.sync.run(connectionId));
    if (second.result !== 'synced') throw new Error(`second sync: ${second.result}`);
    const secondRequests = fake.requests.slice(beforeSecond);
    const secondRows = await server.rows(connectionId);
    const secondHeld = await server.held(connectionId);

    // The baseline: the reader alone, same client and pacing, no server and no database.
    await loadCcxt();
    const paced = createExchangeClient({
      exchange: 'binance',
      apiKey: alone.key.apiKey,
      secret: alone.key.secret,
      baseUrl: alone.url,
    });
    const perSecond = 1000 / paced.rateLimitMs;
    const readerClient = createExchangeClient({
      exchange: 'binance',
      apiKey: alone.key.apiKey,
      secret: alone.key.secret,
      baseUrl: alone.url,
      budget: new TokenBucketBudget({ requestsPerSecond: perSecond, burst: 1 }),
    });
    const reader = await sampled(() => readExchangeHistory(readerClient, null));
    const readerRequests = alone.requests;

    const costs = ccxtCosts(paced);
    const firstFloor = floorOf(account, null, firstEnd, true);
    const secondFloor = floorOf(account, firstEnd + 1, Date.now() - settleMs, false);
    const firstTime = timeFloorMs(firstFloor.plan, costs, paced.rateLimitMs, perSecond);
    const secondTime = timeFloorMs(secondFloor.plan, costs, paced.rateLimitMs, perSecond);

    const firstCounts = byEndpoint(firstRequests);
    const secondCounts = byEndpoint(secondRequests);
    const readerCounts = byEndpoint(readerRequests);
    console.log(
      `pacing: ccxt rateLimit ${paced.rateLimitMs} ms per cost 1, its bucket one token deep; shared budget ${perSecond} requests/s, burst 1`,
    );
    console.log(
      '| read | wall time | last request at | requests | request floor | time floor: ccxt + budget (ccxt alone, budget alone) | rows booked | records held | heap before / peak | peak RSS |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const line = (
      name: string,
      run: { ms: number; startedAt: number; heapBefore: number; heapPeak: number; rssPeak: number },
      requests: readonly RecordedRequest[],
      counts: Counts,
      floor: Floor,
      time: ReturnType<typeof timeFloorMs>,
      rows: string,
      held: string,
    ) =>
      console.log(
        `| ${name} | ${seconds(run.ms)} | ${seconds((requests.at(-1)?.timestamp ?? run.startedAt) - run.startedAt)} | ${total(counts)} | ${planTotal(floor.plan)} | ${seconds(time.bothMs)} (${seconds(time.ccxtMs)}, ${seconds(time.budgetMs)}) | ${rows} | ${held} | ${mb(run.heapBefore)} / ${mb(run.heapPeak)} | ${mb(run.rssPeak)} |`,
      );
    line(
      'first sync, the server',
      first,
      firstRequests,
      firstCounts,
      firstFloor,
      firstTime,
      String(firstRows),
      String(firstHeld),
    );
    line(
      'first read, the reader alone (baseline)',
      reader,
      readerRequests,
      readerCounts,
      firstFloor,
      firstTime,
      `(${reader.result.trades.length} fills, ${reader.result.movements.length} movements read)`,
      '-',
    );
    line(
      'second sync, the server',
      second,
      secondRequests,
      secondCounts,
      secondFloor,
      secondTime,
      `${secondRows - firstRows} new`,
      String(secondHeld),
    );

    console.log(
      '\n| endpoint | ccxt cost | at connect | first sync | first floor | reader alone | second sync | second floor |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const floorCount = (floor: Floor, endpoint: string) =>
      floor.plan.find((p) => p.endpoint === endpoint)?.requests ?? 0;
    const known = new Set<string>(endpoints);
    const isKnown = (e: string): e is Endpoint => known.has(e);
    const others = [
      ...new Set([...firstCounts.keys(), ...secondCounts.keys(), ...readerCounts.keys()]),
    ].filter((path) => !isKnown(path));
    for (const endpoint of [...endpoints, ...others]) {
      console.log(
        `| ${endpoint} | ${isKnown(endpoint) ? costs[endpoint] : '?'} | ${atConnect.get(endpoint) ?? 0} | ${firstCounts.get(endpoint) ?? 0} | ${floorCount(firstFloor, endpoint)} | ${readerCounts.get(endpoint) ?? 0} | ${secondCounts.get(endpoint) ?? 0} | ${floorCount(secondFloor, endpoint)} |`,
      );
    }

    const asked = askedSymbols(firstRequests);
    const extra = asked.filter((s) => !firstFloor.symbols.includes(s));
    const missed = firstFloor.symbols.filter((s) => !asked.includes(s));
    const traded = new Set(account.trades.map((t) => t.symbol)).size;
    console.log(
      `\nmarkets asked for fills: ${asked.length} (${traded} traded, ${firstFloor.symbols.length - traded} more whose two assets the account holds); ${extra.length === 0 && missed.length === 0 ? 'exactly the markets the account names' : `asked beyond them: ${extra.join(' ') || 'none'}; not asked: ${missed.join(' ') || 'none'}`}`,
    );
    const secondExtra = [...secondCounts].filter(([path, n]) => n > floorCount(secondFloor, path));
    console.log(
      `second sync: ${secondRows - firstRows} rows added, ${secondExtra.length === 0 ? 'no request beyond those that move the cursor on' : `requests beyond the cursor's: ${secondExtra.map(([p, n]) => `${p} ${n}`).join(', ')}`}`,
    );
    console.log(
      `sealed cursor after the first sync: ${(cursorBytes / 1024).toFixed(0)} kB (the second sync stores it again with each page it reads)`,
    );
    console.log(
      "last request at: when the fake received the run's last request; after it the server only books what it read",
    );
    console.log(
      `heap is this process's: the app, PGlite's JavaScript side and the two fakes (${mb(first.heapBefore)} before the first sync holds the fakes' accounts); PGlite's WebAssembly memory counts in RSS only`,
    );
    console.log(`load average at the end ${load()}`);
  } finally {
    await server.close();
    await fake.close();
    await alone.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExchangeSync();
