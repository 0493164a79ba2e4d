// `npm run restore -- FILE`: restores a backup into an empty database (DATABASE_URL) or an
// empty data folder (DATA_DIR), refusing a non-empty one. The file is read and checked whole
// before anything is written; the migrations then bring it up to this version's schema.
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openBackup } from '../db/backup/read-backup.ts';
import { restoreIntoEmpty } from '../db/backup/restore-backup.ts';
import { restoreIntoDataDir } from '../db/backup/restore-data-dir.ts';
import { openPostgres } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { resealSecrets } from '../db/reseal-secrets.ts';
import { fail, failWith } from './cli-output.ts';

const usage = 'Usage: npm run restore -- FILE';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const [file] = args;
  if (file === undefined || args.length !== 1 || file.startsWith('-')) fail(usage);
  // Checked before the configuration is read: loading it may create the session secret file.
  const backup = await openBackup(resolve(process.env.INIT_CWD ?? process.cwd(), file));
  const config = loadConfig();
  const keys = config.secrets;
  let summary: Awaited<ReturnType<typeof restoreIntoEmpty>>;
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      summary = await restoreIntoEmpty(database, backup, {
        beforeCommit: async (db) => {
          await resealSecrets(db, keys);
        },
      });
    } finally {
      await database.close();
    }
  } else {
    // A running server holds the lock: its folder is not empty, and must not be written under it.
    const lock = acquireDataDirLock(config.dataDir);
    try {
      summary = await restoreIntoDataDir(config.dataDir, backup, keys);
    } finally {
      lock.release();
    }
  }
  process.stdout.write(
    `Restored ${summary.rows} rows from ${backup.path} (taken ${backup.header.createdAt} at schema ${summary.fromSchemaVersion}; now at ${summary.toSchemaVersion}).\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => failWith(error),
);
