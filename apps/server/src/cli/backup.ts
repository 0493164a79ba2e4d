// `npm run backup [-- FILE]`: one consistent backup of the database, while the server runs.
// PostgreSQL (DATABASE_URL) is read directly in one snapshot transaction. A PGlite data folder
// is opened here when no server holds it, and otherwise the server holding it is asked through
// its socket in the folder, since only one process may open it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createBackupRunner } from '../db/backup/backup-runner.ts';
import { requestBackup } from '../db/backup/backup-socket.ts';
import { pgliteFolder } from '../db/backup/restore-data-dir.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { fail, failWith } from './cli-output.ts';

const usage = 'Usage: npm run backup [-- FILE]   (default: DATA_DIR/backups/backup-<time>.elbackup)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) fail(usage);
  const config = loadConfig();
  const path = args[0] === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);

  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    if (!existsSync(pgliteFolder(config.dataDir))) {
      fail(
        `There is no database in ${config.dataDir} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
      );
    }
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const answer = await requestBackup(config.dataDir, path);
      process.stdout.write(
        `Backup written by the running server: ${answer.path} (${answer.bytes} bytes, ${answer.rows} rows, schema ${answer.schemaVersion})\n`,
      );
      return;
    }
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const result = await createBackupRunner({ database, dataDir: config.dataDir }).run(path ? { path } : {});
    const rows = result.header.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `Backup written: ${result.path} (${result.bytes} bytes, ${rows} rows, schema ${result.header.schemaVersion})\n`,
    );
  } finally {
    await database?.close();
    lock?.release();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => failWith(error),
);
