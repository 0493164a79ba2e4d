import { dailyBackupPrefix } from '../db/backup/backup-format.ts';
import { pruneBackups, removeAbandonedTemporaries } from '../db/backup/backup-retention.ts';
import { type BackupRunner, backupsFolder } from '../db/backup/backup-runner.ts';
import type { JobQueue, JobQueueLogger } from './queue/index.ts';

export const dailyBackupQueue = 'backup-daily';

/**
 * The daily backup on the durable queue, so it runs once a day across restarts and, on one
 * PostgreSQL, on one process (into that process's DATA_DIR/backups). The schedule is aligned
 * to midnight UTC. After a good backup only the newest `keep` daily files stay; backups taken
 * by hand are left alone. Call before the queue starts.
 */
export function registerDailyBackupJob(
  queue: JobQueue,
  deps: { runner: BackupRunner; dataDir: string; keep: number; logger: JobQueueLogger },
): void {
  queue.define(dailyBackupQueue, { retryLimit: 2, retryDelaySeconds: 15 * 60, leaseSeconds: 60 * 60 });
  queue.schedule(dailyBackupQueue, 24 * 60 * 60);
  queue.work(dailyBackupQueue, async () => {
    const folder = backupsFolder(deps.dataDir);
    await removeAbandonedTemporaries(folder);
    const result = await deps.runner.run({ prefix: dailyBackupPrefix });
    const removed = await pruneBackups(folder, dailyBackupPrefix, deps.keep);
    deps.logger.info?.(
      { path: result.path, bytes: result.bytes, removed: removed.length },
      'daily backup written',
    );
  });
}

/**
 * BACKUP_SCHEDULE: `daily` registers the daily backup; `off` registers nothing, so no backup is
 * ever queued on this process (a deployment that takes its own). Says whether it registered.
 */
export function registerBackupSchedule(
  queue: JobQueue,
  schedule: 'daily' | 'off',
  deps: { runner: BackupRunner; dataDir: string; keep: number; logger: JobQueueLogger },
): boolean {
  if (schedule !== 'daily') return false;
  registerDailyBackupJob(queue, deps);
  return true;
}
