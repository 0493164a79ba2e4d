import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createOutboxMailer, type Mailer, type OutboxMail } from '../integrations/mail/index.ts';
import type { JobQueue } from '../jobs/queue/index.ts';
import type { HostLookup } from '../lib/outbound-guard.ts';
import type { ConnectionsModule, ExplorerCallOptions } from '../modules/connections/index.ts';
import type { MarketReader } from '../modules/market/index.ts';
import type { RateLimits } from '../plugins/rate-limit.ts';
import { closedExplorers } from './process-helpers.ts';
import { TestClient } from './test-client.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  dataDir: string;
  outboxDir: string;
  client(): TestClient;
  /** Wallet syncs: run one and wait (`sync.run`), or wait for those "sync now" started (`idle`). */
  connections: ConnectionsModule;
  /** Outbox messages, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimits>;
  webDist?: string;
  mailer?: Mailer;
  /** Market data and event bus for the modules (default: the offline snapshot, an in-memory bus). */
  market?: MarketReader;
  bus?: EventBus;
  /** Registers test-only routes inside the API scope (each declares `config.auth`). */
  extend?: (api: FastifyInstance) => void;
  /** A second app instance over another test app's database (like two processes); not disposed. */
  database?: Database;
  /**
   * The first account on the fresh database starts verified when SMTP_URL is unset (the product's
   * default); off here so each file's first sign-up behaves like every other one.
   */
  autoVerifyFirstAccount?: boolean;
  /** A job queue for wallet syncs (default: none, syncs run in the test's process when asked). */
  jobs?: JobQueue;
  /** Explorer calls' retries and timeout (default: one try, 2 s). */
  explorerCalls?: ExplorerCallOptions;
  /** A new connection's first sync starts at once (default: with a job queue only). */
  syncOnCreate?: boolean;
  /** Answers the outbound guard's host lookups (webhooks, coin logos) like a DNS server would. */
  outboundLookup?: HostLookup;
}

const generous = { max: 1000, windowMs: 60_000 };

/** One app over a fresh database; call once per test file (beforeAll). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'el-test-'));
  const outboxDir = join(dataDir, 'outbox');
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      ...closedExplorers,
      ...options.env,
    },
    dataDir,
  );
  const { database, dispose } = options.database
    ? { database: options.database, dispose: async () => {} }
    : await createTestDatabase();
  const clock = createTestClock();
  let connections: ConnectionsModule | undefined;
  const app = await buildApp({
    config,
    db: database.db,
    sessionWrites: database.sessionWrites,
    clock,
    mailer: options.mailer ?? createOutboxMailer({ dir: outboxDir, from: config.mailFrom }),
    logger: false,
    rateLimits: { authPerIp: generous, loginPerEmail: generous, ...options.rateLimits },
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.market ? { market: options.market } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.extend ? { extendApi: options.extend } : {}),
    autoVerifyFirstAccount: options.autoVerifyFirstAccount ?? false,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    explorerCalls: options.explorerCalls ?? { retry: { maxAttempts: 1 }, timeoutMs: 2000 },
    // ccxt's real pacing (a Kraken history page every few seconds) would only slow the fakes' tests.
    exchangeCalls: { rateLimitMs: 1, timeoutMs: 3000 },
    ...(options.syncOnCreate === undefined ? {} : { syncOnCreate: options.syncOnCreate }),
    ...(options.outboundLookup ? { outboundLookup: options.outboundLookup } : {}),
    onConnections: (built) => {
      connections = built;
    },
  });
  await app.ready();
  if (!connections) throw new Error('the app built no wallet connections');
  return {
    app,
    database,
    config,
    clock,
    dataDir,
    outboxDir,
    connections,
    client: () => new TestClient(app),
    async outbox() {
      let files: string[];
      try {
        files = (await readdir(outboxDir)).filter((f) => f.endsWith('.json')).sort();
      } catch {
        return [];
      }
      return Promise.all(
        files.map(async (f) => JSON.parse(await readFile(join(outboxDir, f), 'utf8')) as OutboxMail),
      );
    },
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail that points at `path`. */
export function linkFrom(mail: OutboxMail | undefined, path: string): URL {
  const match = mail?.text.match(/https?:\/\/\S+/g)?.find((href) => new URL(href).pathname === path);
  if (!match) throw new Error(`no ${path} link in mail ${mail?.subject ?? '(none)'}`);
  return new URL(match);
}
