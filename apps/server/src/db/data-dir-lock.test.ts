import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'el-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, and frees the folder on release', () => {
    const dir = join(root, 'a', 'nested');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Another server process (pid ${process.pid}) is using the data folder ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    lock.release();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = join(root, 'stale');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(child.stdout.toString());
    acquireDataDirLock(dir).release();
    writeFileSync(join(dir, 'pglite.lock'), `${deadPid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
