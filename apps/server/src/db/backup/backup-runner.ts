import { join } from 'node:path';
import type { Database } from '../client.ts';
import { backupFileName, manualBackupPrefix } from './backup-format.ts';
import { type BackupResult, writeBackup } from './write-backup.ts';

export const backupsFolder = (dataDir: string): string => join(dataDir, 'backups');

export interface BackupRunner {
  /**
   * Takes a backup to `path`, or to DATA_DIR/backups under a name of `prefix` and the time.
   * One at a time per process: a second request waits for the first.
   */
  run(options?: { path?: string; prefix?: string }): Promise<BackupResult>;
}

export function createBackupRunner(deps: {
  database: Database;
  dataDir: string;
  now?: () => Date;
}): BackupRunner {
  const now = deps.now ?? (() => new Date());
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(options = {}) {
      const next = tail.then(() => {
        const path =
          options.path ??
          join(backupsFolder(deps.dataDir), backupFileName(options.prefix ?? manualBackupPrefix, now()));
        return writeBackup(deps.database, path, { now });
      });
      tail = next.catch(() => undefined);
      return next;
    },
  };
}
