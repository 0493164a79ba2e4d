// Helpers for the wallet sync's tests (not collected as a test file): an app whose explorers are
// the fakes on 127.0.0.1, a live test market whose closes the test sets, and readers of the rows.
import { type Connection, connectionSchema } from '@app/contracts';
import { type DailyCandle, Dec, toDecimalString, utcDay } from '@app/core';
import { parseExtendedPublicKey } from '@app/core/wallets';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ConnectionRow,
  connections,
  connectionTokens,
  notifications,
  type TransactionRow,
  transactions,
} from '../../db/schema/index.ts';
import { type FakeEsplora, startFakeEsplora } from '../../integrations/esplora/test/fake-esplora.ts';
import { type FakeEtherscan, startFakeEtherscan } from '../../integrations/etherscan/test/fake-etherscan.ts';
import type { JobQueue } from '../../jobs/queue/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestMarket, type TestMarket } from '../../test/test-market.ts';
import { upsertCandles } from '../market/index.ts';

// BIP 84's published account key for the mnemonic "abandon … about" (m/84'/0'/0').
export const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const parsed = parseExtendedPublicKey(zpub);
if (!parsed.ok) throw new Error(parsed.message);
const key = parsed.value;
export const receive = (i: number) => key.address('receive', i);
export const change = (i: number) => key.address('change', i);
/** Someone else's addresses: a shop paid, a friend who pays. */
export const shop = 'bc1qshopxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
export const friend = 'bc1qfriendxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';

/** The fake explorer's block time of a height (its genesis plus ten minutes a block). */
export const blockTime = (height: number) => new Date((1_700_000_000 + height * 600) * 1000);

export type User = Awaited<ReturnType<typeof portfolioUser>>;

export interface SyncWorld {
  t: TestApp;
  esplora: FakeEsplora;
  etherscan: FakeEtherscan;
  market: TestMarket;
  user: User;
  portfolio: { id: string; currency: string };
  /** Another signed-in user, for the owner checks. */
  stranger: User;
  connect(body: Record<string, unknown>, user?: User, portfolioId?: string): Promise<Connection>;
  /** Runs one sync to its end in this process. */
  sync(connectionId: string): Promise<string>;
  rows(connectionId: string): Promise<TransactionRow[]>;
  connection(id: string): Promise<ConnectionRow>;
  tokens(connectionId: string): Promise<(typeof connectionTokens.$inferSelect)[]>;
  /** Notices the user was given about this connection. */
  notices(userId: string, connectionId: string): Promise<number>;
  /** A coin's stored close on the UTC day of `at` (in usd unless said). */
  setClose(coinId: string, at: Date, close: number, vs?: string): Promise<void>;
  close(): Promise<void>;
}

export async function syncWorld(
  options: {
    env?: Record<string, string>;
    etherscanKey?: boolean;
    jobs?: JobQueue;
    /** Another test's database, as a second server process would share it (not disposed here). */
    database?: Database;
    /** Fakes shared with another world on the same database. */
    fakes?: { esplora: FakeEsplora; etherscan: FakeEtherscan };
    /** A new connection's first sync starts at once, as in the server (default: each test runs it). */
    syncOnCreate?: boolean;
  } = {},
): Promise<SyncWorld> {
  const esplora = options.fakes?.esplora ?? (await startFakeEsplora());
  const etherscan = options.fakes?.etherscan ?? (await startFakeEtherscan());
  const market = createTestMarket();
  market.setCoin('bitcoin', [30_000], 30_000);
  market.setCoin('ethereum', [2_000], 2_000);
  // A euro portfolio needs today's rate to open; the books use each day's own rate.
  market.getUsdRates = async () => ({ usd: 1, eur: 0.9 });
  const t = await createTestApp({
    market,
    env: {
      ESPLORA_BASE_URL: esplora.baseUrl,
      ETHERSCAN_BASE_URL: etherscan.baseUrl,
      ...(options.etherscanKey === false ? {} : { ETHERSCAN_API_KEY: etherscan.apiKey }),
      // The fakes answer at once; the public explorers' polite rates would only slow the tests.
      ESPLORA_REQUESTS_PER_SECOND: '1000',
      ETHERSCAN_REQUESTS_PER_SECOND: '1000',
      ...options.env,
    },
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.database ? { database: options.database } : {}),
    ...(options.syncOnCreate === undefined ? {} : { syncOnCreate: options.syncOnCreate }),
  });
  const user = await portfolioUser(t.client());
  const stranger = await portfolioUser(t.client());
  const portfolio = await user.portfolio({ name: 'Wallets' });
  const db = t.database.db;
  return {
    t,
    esplora,
    etherscan,
    market,
    user,
    stranger,
    portfolio,
    async connect(body, who = user, portfolioId = portfolio.id) {
      const res = await who.client.post('/api/v2/connections/', {
        portfolio_id: portfolioId,
        label: 'Wallet',
        ...body,
      });
      if (res.statusCode !== 201) throw new Error(`connect: ${res.statusCode} ${res.body}`);
      return connectionSchema.parse(res.json());
    },
    sync: (connectionId) => t.connections.sync.run(connectionId),
    rows: (connectionId) =>
      db
        .select()
        .from(transactions)
        .where(eq(transactions.sourceConnectionId, connectionId))
        .orderBy(asc(transactions.executedAt), asc(transactions.createdAt)),
    async connection(id) {
      const [row] = await db.select().from(connections).where(eq(connections.id, id));
      if (!row) throw new Error(`no connection ${id}`);
      return row;
    },
    tokens: (connectionId) =>
      db
        .select()
        .from(connectionTokens)
        .where(eq(connectionTokens.connectionId, connectionId))
        .orderBy(asc(connectionTokens.symbol)),
    async notices(userId, connectionId) {
      const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
      return rows.filter((r) => r.eventPayload.connection_failure?.connection_id === connectionId).length;
    },
    async setClose(coinId, at, close, vs = 'usd') {
      const candle: DailyCandle = { day: utcDay(at.getTime()), open: close, high: close, low: close, close };
      await upsertCandles(db, coinId, vs, [candle], { source: 'coingecko', fetchedAt: new Date() });
    },
    async close() {
      await t.close();
      if (options.fakes) return;
      await esplora.close();
      await etherscan.close();
    },
  };
}

export const plain = (value: string) => toDecimalString(new Dec(value));

/** A row's plain figures, for comparing with what the chain moved. */
export function brief(row: TransactionRow) {
  return {
    type: row.type,
    coin: row.coinId,
    quantity: plain(row.quantity),
    price: row.pricePerCoin === null ? null : plain(row.pricePerCoin),
    classification: row.classification,
    sourceId: row.sourceId,
  };
}
