import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another server process (pid ${pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * PGlite has no cross-process lock: a second process on the same folder silently
 * loses writes. A PID file created with O_EXCL makes the second process refuse to start.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readHolder(path) === pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
      const holder = readHolder(path);
      if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(holder, dataDir);
      // Stale lock (dead or unreadable pid): take it over.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if (!isErrno(unlinkError, 'ENOENT')) throw unlinkError;
      }
    }
  }
  throw new Error(`Could not take the data folder lock ${path}`);
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrno(error, 'EPERM');
  }
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
