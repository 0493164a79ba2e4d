import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createBackupRunner } from './db/backup/backup-runner.ts';
import { listenForBackups } from './db/backup/backup-socket.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { type ResealReport, resealSecrets, SecretsKeyError } from './db/reseal-secrets.ts';
import { createMemoryEventBus, type EventBus } from './events/event-bus.ts';
import { createPgEventBus } from './events/pg-event-bus.ts';
import { createMailer } from './integrations/mail/index.ts';
import { createMarketDataProvider } from './integrations/market-data/index.ts';
import { registerBackupSchedule } from './jobs/backup.job.ts';
import { marketRefreshJob } from './jobs/market-refresh.job.ts';
import { purgeExpiredAuthJob } from './jobs/purge-expired-auth.job.ts';
import { createJobQueue } from './jobs/queue/index.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { systemClock } from './lib/clock.ts';
import { createAlertEngine, runAlertEngineOnRefresh } from './modules/alerts/index.ts';
import { createSessionService } from './modules/auth/index.ts';
import { createDeliveryParts, createOutboxWorker } from './modules/delivery/index.ts';
import { createMarketService } from './modules/market/index.ts';
import { createBinanceSecondary } from './modules/market-history/index.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let database: Database;
  let resealed: ResealReport;
  const startedAt = Date.now();
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    await migrateDatabase(database);
    // Before any request: a secret read under the wrong key would look like a broken connection.
    resealed = await resealSecrets(database.db, config.secrets);
  } catch (error) {
    await database.close().catch(() => {});
    lock?.release();
    if (error instanceof SecretsKeyError) fail(error.message);
    throw error;
  }
  const databaseReadyMs = Date.now() - startedAt;

  // Across processes on one PostgreSQL the bus is LISTEN/NOTIFY; PGlite is single-process.
  const bus: EventBus = config.databaseUrl
    ? await createPgEventBus({
        connectionString: config.databaseUrl,
        onError: (error) => process.stderr.write(`event bus: ${String(error)}\n`),
      })
    : createMemoryEventBus();
  // One cached market for the whole process: routes and every module read memory and tables.
  const marketLogger = { warn: (o: Record<string, unknown>, m: string) => app.log.warn(o, m) };
  // Binance: older history below CoinGecko's 365 days, and prices while CoinGecko fails.
  const secondary =
    config.binance.enabled && config.marketData !== 'snapshot'
      ? createBinanceSecondary({
          db: database.db,
          clock: systemClock,
          logger: marketLogger,
          options: { baseUrl: config.binance.baseUrl, weightPerMinute: config.binance.weightPerMinute },
        })
      : undefined;
  const market = createMarketService({
    db: database.db,
    secondary,
    provider: createMarketDataProvider({
      mode: config.marketData,
      coingecko: config.coingecko,
      demoDate: config.demoMarketDate,
    }),
    clock: systemClock,
    refreshIntervalMs: config.marketRefreshMs,
    // The snapshot carries all its history; CoinGecko's free plan serves 365 days.
    historyDays: config.marketData === 'snapshot' ? 3650 : 365,
    logger: { warn: (o, m) => app.log.warn(o, m), info: (o, m) => app.log.info(o, m) },
  });
  // Processes that are not the leader pick up the leader's refresh from the cache tables.
  bus.subscribe((event) => {
    if (event.type === 'buffers') void market.reloadIfNewer();
  });

  const authLimit = { max: config.authRateLimitPerMinute, windowMs: 60_000 };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: { info: (object, message) => app.log.info(object, message) },
  });
  // Every process sends from the outbox (claims are disjoint, so they share the work).
  const delivery = createDeliveryParts(config, mailer);
  // The durable queue wallet syncs run on: every process works it, pg-boss hands each job to one.
  const jobs = createJobQueue({
    database,
    // This process holds the PGlite folder's lock: a job left running was this server's before a
    // crash or a kill, and runs again at once rather than after its lease.
    releaseRunningOnStart: !config.databaseUrl,
    logger: {
      info: (o, m) => app.log.info(o, m),
      warn: (o, m) => app.log.warn(o, m),
      error: (o, m) => app.log.error(o, m),
    },
  });
  const backups = createBackupRunner({ database, dataDir: config.dataDir });
  registerBackupSchedule(jobs, config.backups.schedule, {
    runner: backups,
    dataDir: config.dataDir,
    keep: config.backups.keep,
    logger: {
      info: (o, m) => app.log.info(o, m),
      warn: (o, m) => app.log.warn(o, m),
      error: (o, m) => app.log.error(o, m),
    },
  });
  // Only PGlite needs it: on PostgreSQL `npm run backup` reads the database itself.
  let backupSocket: Awaited<ReturnType<typeof listenForBackups>>;
  const app = await buildApp({
    jobs,
    config,
    db: database.db,
    sessionWrites: database.sessionWrites,
    rateLimits: { authPerIp: authLimit, loginPerEmail: authLimit },
    market,
    bus,
    mailer,
    delivery,
    onClose: async () => {
      // Running syncs are asked to stop; one that does not in time is run again after its lease.
      await backupSocket?.close();
      await jobs.stop({ graceMs: 10_000 });
      await outbox.stop();
      delivery.sender.close();
      await alertEngine.stop();
      await scheduler.stop();
      await bus.close();
      await database.close();
      lock?.release();
    },
  });

  const engine = createAlertEngine({
    db: database.db,
    market,
    bus,
    clock: systemClock,
    publicUrl: config.publicUrl,
  });
  const outbox = createOutboxWorker(config, delivery, {
    db: database.db,
    clock: systemClock,
    bus,
    logger: app.log,
  });
  const scheduler = createScheduler({
    jobs: [
      purgeExpiredAuthJob(createSessionService({ db: database.db, clock: systemClock })),
      marketRefreshJob({
        market,
        bus,
        intervalMs: config.marketRefreshMs,
        logger: app.log,
        // The scheduler runs this job on the leader only, the one process that runs the engine.
        onFailure: () => engine.tick(),
      }),
    ],
    leaderLock: database.leaderLock,
    logger: app.log,
  });

  const alertEngine = runAlertEngineOnRefresh({
    bus,
    engine,
    leaderLock: database.leaderLock,
    logger: app.log,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      // A second signal means the operator does not want to wait.
      app.log.warn({ signal }, 'forced exit');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        lock?.release();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close().catch(() => {});
    process.exit(1);
  }
  if (!config.databaseUrl) {
    backupSocket = await listenForBackups({ dataDir: config.dataDir, runner: backups, logger: app.log });
  }
  scheduler.start();
  outbox.start();
  try {
    await jobs.start();
  } catch (error) {
    app.log.error({ err: error }, 'the job queue could not start');
    await app.close().catch(() => {});
    process.exit(1);
  }
  logResealed(app.log, resealed, config.secrets.source);
  app.log.info(
    { url: config.publicUrl, database: database.kind, databaseReadyMs },
    `Exit Liquidity is running at ${config.publicUrl}`,
  );
}

/** Counts only: which secrets moved to the key in use, and how many no key opens. */
function logResealed(
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
  report: ResealReport,
  source: string,
): void {
  const { keyId, unreadable, ...resealed } = report;
  const total = resealed.channelSecrets + resealed.connectionSecrets + resealed.syncCursors;
  if (total > 0) {
    log.info({ keyId, source, ...resealed }, `stored secrets re-encrypted under the secrets key (${source})`);
  }
  if (unreadable > 0) {
    log.warn({ keyId, unreadable }, 'stored secrets that no given key opens were left as they were');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
