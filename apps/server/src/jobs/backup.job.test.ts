import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName, dailyBackupPrefix } from '../db/backup/backup-format.ts';
import { pruneBackups, removeAbandonedTemporaries } from '../db/backup/backup-retention.ts';
import { backupsFolder, createBackupRunner } from '../db/backup/backup-runner.ts';
import { dailyBackupQueue, registerBackupSchedule } from './backup.job.ts';
import {
  eventually,
  openQueueDatabase,
  type QueueTestDatabase,
  recordingLogger,
  testQueue,
} from './queue/queue-test-kit.ts';
import type { JobQueue } from './queue/types.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 0, 0, 0));
const dailyName = (n: number) => backupFileName(dailyBackupPrefix, day(n));

let folders: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'backup-job-'));
  folders.push(dir);
  await mkdir(backupsFolder(dir), { recursive: true });
  return dir;
}
afterEach(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
  folders = [];
});

describe('keeping the last N daily backups', () => {
  it('deletes the oldest daily files beyond N and never a backup taken by hand or another file', async () => {
    const folder = backupsFolder(await dataDir());
    const byHand = backupFileName('manual-', day(1));
    for (const name of [dailyName(3), dailyName(1), dailyName(4), dailyName(2), byHand, 'notes.txt'])
      await writeFile(join(folder, name), 'x');
    const removed = await pruneBackups(folder, dailyBackupPrefix, 2);
    expect(removed).toEqual([dailyName(1), dailyName(2)]);
    expect((await readdir(folder)).sort()).toEqual([dailyName(3), dailyName(4), byHand, 'notes.txt'].sort());
    expect(await pruneBackups(folder, dailyBackupPrefix, 2)).toEqual([]);
  });

  it('has nothing to do in a folder that does not exist yet', async () => {
    expect(await pruneBackups(join(await dataDir(), 'absent'), dailyBackupPrefix, 3)).toEqual([]);
  });

  it('removes the temporary file of a backup whose process is gone, not of one still running', async () => {
    const folder = backupsFolder(await dataDir());
    // A pid far above any the kernel hands out names a process that cannot be alive.
    const dead = `.${dailyName(5)}.4194304999.file.tmp`;
    const alive = `.${dailyName(5)}.${process.pid}.body.tmp`;
    await writeFile(join(folder, dead), 'partial');
    await writeFile(join(folder, alive), 'partial');
    expect(await removeAbandonedTemporaries(folder)).toEqual([dead]);
    expect(await readdir(folder)).toEqual([alive]);
  });
});

describe('the scheduled backup', () => {
  let db: QueueTestDatabase;
  const running: JobQueue[] = [];
  beforeAll(async () => {
    db = await openQueueDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });
  afterEach(async () => {
    for (const queue of running.splice(0)) await queue.stop({ graceMs: 0 });
  });

  it('writes a daily file on its run and keeps only the newest N of them', async () => {
    const dir = await dataDir();
    const folder = backupsFolder(dir);
    for (const n of [1, 2, 3]) await writeFile(join(folder, dailyName(n)), 'old');
    const logger = recordingLogger();
    const queue = testQueue(db.database, logger, {});
    running.push(queue);
    const runner = createBackupRunner({ database: db.database, dataDir: dir, now: () => day(20) });
    expect(registerBackupSchedule(queue, 'daily', { runner, dataDir: dir, keep: 2, logger })).toBe(true);
    await queue.start();
    await queue.enqueue(dailyBackupQueue, {}, { key: 'now' });
    const kept = await eventually('the new daily backup and the pruning', async () => {
      const names = (await readdir(folder)).filter((n) => !n.startsWith('.')).sort();
      return names.includes(dailyName(20)) && names.length === 2 ? names : undefined;
    });
    expect(kept).toEqual([dailyName(3), dailyName(20)]);
    expect(logger.errors).toEqual([]);
  });

  it('registers nothing when BACKUP_SCHEDULE is off: no backup can be queued', async () => {
    const dir = await dataDir();
    const logger = recordingLogger();
    const queue = testQueue(db.database, logger, {});
    running.push(queue);
    const runner = createBackupRunner({ database: db.database, dataDir: dir });
    expect(registerBackupSchedule(queue, 'off', { runner, dataDir: dir, keep: 2, logger })).toBe(false);
    await queue.start();
    await expect(queue.enqueue(dailyBackupQueue, {}, { key: 'now' })).rejects.toThrow();
    expect(await readdir(backupsFolder(dir))).toEqual([]);
  });
});
