import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChild, type ChildBundle } from './test/child-bundle.ts';
import { closedExplorers } from './test/process-helpers.ts';

// The real entry point as an operator runs it (bundled, like `npm start`'s dist/main.js): a
// process on a data folder, stopped by a signal.
const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));
let main: ChildBundle | undefined;
const password = 'process test 42 password';

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [main?.path ?? ''], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      MARKET_DATA: 'snapshot',
      LOG_LEVEL: 'info',
      ...closedExplorers,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/health-check`, { method: 'HEAD' })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} never became healthy`);
}

function cookieValue(res: Response, name: string): string {
  const found = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.slice(name.length + 1);
}

// It is about the PGlite data folder; the PostgreSQL pass of the suite has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process on a PGlite data folder', () => {
  let dataDir: string;
  let port: number;
  let base: string;

  beforeAll(async () => {
    main = await bundleForChild(mainTs);
    dataDir = await mkdtemp(join(tmpdir(), 'el-process-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await main?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts and sessions across a restart, refuses a second process, and logs no secrets', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const first = start(env);
    await waitHealthy(base);

    const signUpAs = async (email: string, username: string) => {
      const csrfRes = await fetch(`${base}/api/auth/csrf/`);
      const token = cookieValue(csrfRes, 'csrftoken');
      // The anonymous token is bound to the pre-session nonce cookie.
      const nonce = cookieValue(csrfRes, 'csrf_nonce');
      const response = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrftoken': token,
          cookie: `csrftoken=${token}; csrf_nonce=${nonce}`,
        },
        body: JSON.stringify({ email, username, password }),
      });
      return { response, csrf: token };
    };
    // Without SMTP_URL the first account on a fresh server starts verified, and no mail is written.
    const owner = await signUpAs('owner@example.test', 'Owner');
    expect(((await owner.response.json()) as { user: { email_verified: boolean } }).user.email_verified).toBe(
      true,
    );
    const { response: signup, csrf } = await signUpAs('restart@example.test', 'Restart');
    expect(signup.status).toBe(200);
    const session = cookieValue(signup, 'session');
    const cookie = `csrftoken=${cookieValue(signup, 'csrftoken')}; session=${session}`;

    // Follow the emailed verification link so a token passes through the access log.
    const outbox = join(dataDir, 'outbox');
    const mail = await readFile(join(outbox, (await readdir(outbox))[0] ?? ''), 'utf8');
    const link = mail
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(/verify-email\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const verifyToken = link?.[1] ?? '';
    await fetch(`${base}/api/auth/verify-email?token=${verifyToken}`, {
      redirect: 'manual',
      headers: { cookie },
    });

    const second = start(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another server process');

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const again = start(env);
    await waitHealthy(base);
    const status = await fetch(`${base}/api/auth/session-status`, { headers: { cookie } });
    const body = (await status.json()) as { is_authenticated: boolean; email: string | null };
    expect(body).toMatchObject({ is_authenticated: true, email: 'restart@example.test' });
    const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as {
      email_verified: boolean;
    };
    expect(me.email_verified).toBe(true);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const logs = first.output() + again.output();
    expect(logs).toContain('request completed');
    // One access line per request (plugins/logger.ts): the completed line carries method and path.
    expect(logs).not.toContain('incoming request');
    expect(logs).toMatch(/"method":"POST","url":"\/api\/auth\/signup"/);
    for (const secret of [password, session, csrf, verifyToken]) expect(logs).not.toContain(secret);
  }, 120_000);
});
