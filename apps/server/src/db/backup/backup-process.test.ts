import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupKillPoint } from '../../test/backup-kill-point.ts';
import '../../test/provided-context.ts';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  waitFor,
} from '../../test/process-helpers.ts';
import { removeAbandonedTemporaries } from './backup-retention.ts';
import { backupsFolder } from './backup-runner.ts';
import { openBackup } from './read-backup.ts';

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));
let bundles: { server: ChildBundle; cli: ChildBundle; killChild: ChildBundle };
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (inject('testDatabase').kind === 'postgres') return;
  const [serverBundle, cli, killChild] = await Promise.all([
    bundleForChild(entry('../../main.ts')),
    bundleForChild(entry('../../cli/backup.ts')),
    bundleForChild(entry('../../test/backup-kill-child.ts')),
  ]);
  bundles = { server: serverBundle, cli, killChild };
  dataDir = await mkdtemp(join(tmpdir(), 'el-backup-process-'));
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await Promise.all(Object.values(bundles ?? {}).map((b) => b.remove()));
  await rm(dataDir, { recursive: true, force: true });
});

function run(path: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path, ...args], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// PGlite's own path (the socket to the server holding the folder): the PostgreSQL pass has nothing to add.
describe.skipIf(inject('testDatabase').kind === 'postgres')(
  'npm run backup beside a running server on PGlite',
  () => {
    it('asks the server holding the folder, which writes one complete backup', async () => {
      server = await startServerProcess(bundles.server.path, { DATA_DIR: dataDir, BACKUP_SCHEDULE: 'off' });
      await signUpOverHttp(server.base, {
        email: 'backup@example.com',
        username: 'Backup',
        password: 'Correct-horse-42',
      });
      const cli = run(bundles.cli.path, [], { DATA_DIR: dataDir });
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain('Backup written by the running server');
      const [name] = await readdir(backupsFolder(dataDir));
      const backup = await openBackup(join(backupsFolder(dataDir), name ?? ''));
      expect(backup.header.tables.find((t) => t.name === 'users')?.rows).toBe(1);
    });

    it('a backup killed with -9 midway leaves only temporary files, which are refused and cleared', async () => {
      // The folder is the server's while it runs: stop it so the child can open it.
      server?.child.kill('SIGTERM');
      await server?.exited;
      const target = join(backupsFolder(dataDir), 'killed.elbackup');
      const child = run(bundles.killChild.path, [join(dataDir, 'pglite'), target], {});
      await waitFor(
        'the kill point',
        () => (child.output().includes(backupKillPoint) ? true : undefined),
        60_000,
        50,
      );
      child.child.kill('SIGKILL');
      await child.exited;
      const names = await readdir(backupsFolder(dataDir));
      expect(names).not.toContain('killed.elbackup');
      const temporary = names.filter((n) => n.endsWith('.tmp'));
      expect(temporary.length).toBeGreaterThan(0);
      for (const name of temporary) {
        await expect(openBackup(join(backupsFolder(dataDir), name))).rejects.toThrow(
          /not a backup|incomplete|damaged/,
        );
      }
      expect((await removeAbandonedTemporaries(backupsFolder(dataDir))).sort()).toEqual(temporary.sort());
    });
  },
);
