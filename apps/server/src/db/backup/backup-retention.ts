import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { backupExtension } from './backup-format.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function names(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Keeps the newest `keep` backups whose names start with `prefix` (their names sort by time)
 * and deletes the older ones; backups of other names (taken by hand) are never touched.
 * Returns the names it deleted.
 */
export async function pruneBackups(folder: string, prefix: string, keep: number): Promise<string[]> {
  const pattern = new RegExp(`^${prefix}\\d{8}T\\d{6}Z\\${backupExtension}$`);
  const ours = (await names(folder)).filter((name) => pattern.test(name)).sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) await unlink(join(folder, name)).catch(() => {});
  return old;
}

/** Temporary files of a backup whose process died mid-write (their name carries its pid). */
export async function removeAbandonedTemporaries(folder: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await names(folder)) {
    const match = /^\..+\.(\d+)\.(?:body|file)\.tmp$/.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    await unlink(join(folder, name)).catch(() => {});
    removed.push(name);
  }
  return removed;
}
