import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretsKeys } from '../../config.ts';
import { openPglite } from '../client.ts';
import { resealSecrets } from '../reseal-secrets.ts';
import { BackupError } from './backup-format.ts';
import type { OpenedBackup } from './read-backup.ts';
import { type RestoreSummary, restoreIntoEmpty } from './restore-backup.ts';

/** The folder PGlite keeps the database in, inside DATA_DIR (as openDatabase opens it). */
export const pgliteFolder = (dataDir: string): string => join(dataDir, 'pglite');

/**
 * Restores into a data folder that holds no database yet (the session secret, a key file or
 * the backups folder may be there). The database is built in a folder beside it and takes the
 * real name only once the restore committed and the stored secrets open under `keys`, so a
 * failure at any point leaves the data folder as it was. The caller holds the folder's lock.
 */
export async function restoreIntoDataDir(
  dataDir: string,
  backup: OpenedBackup,
  keys: SecretsKeys,
): Promise<RestoreSummary> {
  const target = pgliteFolder(dataDir);
  if (existsSync(target)) {
    throw new BackupError(
      `The data folder ${dataDir} already holds a database (${target}); restore only into a new, empty data folder.`,
    );
  }
  const building = join(dataDir, 'pglite.restoring');
  await rm(building, { recursive: true, force: true });
  try {
    const database = await openPglite({ dataDir: building });
    let summary: RestoreSummary;
    try {
      // The server's start-up check: secrets sealed under a key it was not given undo the restore.
      summary = await restoreIntoEmpty(database, backup, {
        beforeCommit: async (db) => {
          await resealSecrets(db, keys);
        },
      });
    } finally {
      await database.close();
    }
    await rename(building, target);
    return summary;
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}
