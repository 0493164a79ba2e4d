import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChild, type ChildBundle } from './test/child-bundle.ts';
import {
  closedExplorers,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
} from './test/process-helpers.ts';

// The server as an operator starts it (bundled main), refusing to start on secrets-key settings
// it cannot use, and logging only counts when it re-encrypts.
const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));
let main: ChildBundle | undefined;
let dataDir: string;
const k1 = randomBytes(32).toString('base64');
const k2 = randomBytes(32).toString('base64');
const hookUrl = 'http://127.0.0.1:9/hooks/never-logged-path';

/** Runs the server until it exits by itself; what it printed and its exit code. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [main?.path ?? ''], {
    env: { ...process.env, DATABASE_URL: '', MARKET_DATA: 'snapshot', PORT: '0', ...closedExplorers, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

/** Stops a server the way an operator does, and waits until it has closed its data folder. */
async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

beforeAll(async () => {
  main = await bundleForChild(mainTs);
  dataDir = await mkdtemp(join(tmpdir(), 'el-secrets-process-'));
}, 60_000);

afterAll(async () => {
  await main?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the secrets key at start', () => {
  it('refuses a malformed SECRETS_KEY, and SECRETS_KEY beside SECRETS_KEY_FILE, saying why', async () => {
    const typed = 'my-own-passphrase-1234';
    const malformed = await runToExit({ DATA_DIR: dataDir, SECRETS_KEY: typed });
    expect(malformed.code).toBe(1);
    expect(malformed.output).toContain('SECRETS_KEY: must be 32 random bytes');
    expect(malformed.output).not.toContain(typed);

    const both = await runToExit({ DATA_DIR: dataDir, SECRETS_KEY: k1, SECRETS_KEY_FILE: '/etc/hostname' });
    expect(both.code).toBe(1);
    expect(both.output).toContain('SECRETS_KEY and SECRETS_KEY_FILE are both set');
    expect(both.output).not.toContain(k1);
  });

  it('moves the secrets from the folder key to SECRETS_KEY, logging counts, and refuses another key', async () => {
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' };
    const first = await startServerProcess(main?.path ?? '', env);
    try {
      const { csrf, cookie } = await signUpOverHttp(first.base, {
        email: 'keys@example.test',
        username: 'keys',
        password: 'correct horse 42 battery',
      });
      const res = await fetch(`${first.base}/api/v2/notification-channels/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie },
        body: JSON.stringify({ kind: 'webhook', preset: 'json', name: 'Hook', url: hookUrl }),
      });
      expect(res.status).toBe(201);
    } finally {
      await stop(first);
    }

    const moved = await startServerProcess(main?.path ?? '', { ...env, SECRETS_KEY: k1 });
    await stop(moved);
    const log = moved.output();
    expect(log).toContain('stored secrets re-encrypted under the secrets key (SECRETS_KEY)');
    expect(log).toContain('"channelSecrets":1');
    for (const secret of [k1, 'never-logged-path']) expect(log).not.toContain(secret);

    const again = await startServerProcess(main?.path ?? '', { ...env, SECRETS_KEY: k1 });
    await stop(again);
    expect(again.output()).not.toContain('re-encrypted');

    const wrong = await runToExit({ ...env, SECRETS_KEY: k2 });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(
      '1 stored secret was sealed under a secrets key this server was not given',
    );
    for (const secret of [k1, k2]) expect(wrong.output).not.toContain(secret);
  }, 120_000);
});
