import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { createMailer } from './integrations/mail/index.ts';
import { purgeExpiredAuthJob } from './jobs/purge-expired-auth.job.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { systemClock } from './lib/clock.ts';
import { createSessionService } from './modules/auth/session.service.ts';

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
  const startedAt = Date.now();
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrateDatabase(database);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const databaseReadyMs = Date.now() - startedAt;

  const app = await buildApp({
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger: { info: (object, message) => app.log.info(object, message) },
    }),
    onClose: async () => {
      await scheduler.stop();
      await database.close();
      lock?.release();
    },
  });

  const scheduler = createScheduler({
    jobs: [purgeExpiredAuthJob(createSessionService({ db: database.db, clock: systemClock }))],
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
  scheduler.start();
  app.log.info(
    { url: config.publicUrl, database: database.kind, databaseReadyMs },
    `Exit Liquidity is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
