import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { createClassifier } from './classify.ts';
import { registerConnectionSyncRoutes } from './connection-sync.routes.ts';
import { type ConnectionSync, createConnectionSync } from './connection-sync.ts';
import { createTokenService } from './connection-tokens.ts';
import { registerConnectionRoutes } from './connections.routes.ts';
import { createConnectionsService } from './connections.service.ts';
import { createExchangeGateway, type ExchangeCallOptions } from './exchange-gateway.ts';
import { createExplorers, type ExplorerCallOptions } from './explorers.ts';
import type { DayCloses } from './fee-closes.ts';
import { registerHeldRecordRoutes } from './held-records.routes.ts';
import { createHeldRecordsService } from './held-records.service.ts';
import { createSourcedRowsRemover } from './sourced-rows.ts';
import { createSyncService, type ProposedPartners } from './sync.service.ts';
import { createInlineSyncRunner, type InlineSyncRunner, type SyncRunner } from './sync-runner.ts';
import type { FailureNotifier } from './sync-state.ts';

export interface ConnectionsModuleDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    | 'sessionSecret'
    | 'explorers'
    | 'connectionSync'
    | 'exchangeApiUrls'
    | 'exchangeRequestsPerSecond'
    | 'limits'
  >;
  ledgers: LedgerCache;
  closes: DayCloses;
  market: MarketReader;
  /** Tells an owner their connection started failing (the notifications module's writer). */
  notifier?: FailureNotifier | undefined;
  /** Explorer calls' retries and timeout (tests keep them short). */
  explorerCalls?: ExplorerCallOptions | undefined;
  /** Exchange calls' pacing and timeout (tests keep them short). */
  exchangeCalls?: ExchangeCallOptions | undefined;
  /** Transfers sit above connections: the app hands down who proposes which pairs. */
  proposedPartners?: ProposedPartners | undefined;
  /**
   * Where "sync now" goes: the job queue's runner in the server. Without one, syncs run in this
   * process as they are asked for (tests).
   */
  runner?: ((sync: ConnectionSync) => SyncRunner) | undefined;
  /** Ask for a new connection's first sync at once, rather than at the next scheduled round. */
  syncOnCreate?: boolean | undefined;
}

export interface ConnectionsModule {
  sync: ConnectionSync;
  runner: SyncRunner;
  /** Set when syncs run in this process: resolves once none runs. */
  idle?: InlineSyncRunner['idle'];
}

/** Wallet and exchange connections: their CRUD, their sync and everything the owner asks of it. */
export async function registerConnectionsModule(
  api: FastifyInstance,
  deps: ConnectionsModuleDeps,
): Promise<ConnectionsModule> {
  const { db, clock, ledgers, market, config } = deps;
  const { transactionsPerPortfolio } = config.limits;
  const paced = config.exchangeRequestsPerSecond;
  const exchanges = createExchangeGateway(
    db,
    config.exchangeApiUrls,
    deps.exchangeCalls ?? (paced === null ? {} : { rateLimitMs: 1000 / paced }),
  );
  const sync = createConnectionSync({
    db,
    clock,
    sessionSecret: config.sessionSecret,
    explorers: createExplorers(db, config.explorers, deps.explorerCalls),
    ledgers,
    market,
    closes: deps.closes,
    transactionsPerPortfolio,
    intervalMs: config.connectionSync.intervalMs,
    bitcoinConfirmations: config.connectionSync.bitcoinConfirmations,
    evmConfirmations: config.connectionSync.evmConfirmations,
    notifier: deps.notifier,
    exchanges,
  });
  const inline = deps.runner ? undefined : createInlineSyncRunner(sync);
  const runner = deps.runner?.(sync) ?? (inline as InlineSyncRunner);

  await registerConnectionRoutes(api, {
    connections: createConnectionsService({
      db,
      clock,
      sessionSecret: config.sessionSecret,
      sourcedRows: createSourcedRowsRemover({ db, clock, ledgers, market, transactionsPerPortfolio }),
      exchanges,
      connectionsPerUser: config.limits.connectionsPerUser,
      ...(deps.syncOnCreate
        ? {
            afterCreate: async (id: string) => {
              await runner.request(id);
            },
          }
        : {}),
    }),
  });
  await registerConnectionSyncRoutes(api, {
    sync: createSyncService({
      db,
      sessionSecret: config.sessionSecret,
      runner,
      proposedPartners: deps.proposedPartners,
    }),
    tokens: createTokenService({
      db,
      clock,
      ledgers,
      market,
      sessionSecret: config.sessionSecret,
      transactionsPerPortfolio,
    }),
    classifier: createClassifier({
      db,
      clock,
      ledgers,
      market,
      closes: deps.closes,
      transactionsPerPortfolio,
    }),
    runner,
  });
  await registerHeldRecordRoutes(api, {
    held: createHeldRecordsService({ db, closes: deps.closes, market }),
    runner,
  });
  return { sync, runner, ...(inline ? { idle: inline.idle } : {}) };
}
