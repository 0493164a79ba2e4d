import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Helpers for tests that start real server processes (two-process, outbox across kill -9). */

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** Polls `check` until it returns something other than undefined, or fails after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
  stepMs = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** The value of one Set-Cookie of a fetch response. */
export function cookieValue(res: Response, name: string): string {
  const found = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.slice(name.length + 1);
}

/**
 * No test may reach a public explorer: unless a test points them at its fake, both explorers are
 * a loopback port nothing listens on (for app instances and spawned server processes alike).
 */
export const closedExplorers = {
  ESPLORA_BASE_URL: 'http://127.0.0.1:9/api',
  ETHERSCAN_BASE_URL: 'http://127.0.0.1:9/v2/api',
} as const;

/** A bundled server running as its own process, with everything it printed. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

/**
 * Starts the bundled server at `path` on a free port (snapshot market, explorers closed, a high
 * sign-in limit, unless `env` says otherwise) and resolves once its health check answers.
 */
export async function startServerProcess(path: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      MARKET_DATA: 'snapshot',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
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
  const server = {
    base: `http://127.0.0.1:${port}`,
    child,
    exited: new Promise((resolve) => child.once('exit', resolve)),
    output: () => output,
  };
  await waitFor(
    'the server to be healthy',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
      try {
        return (await fetch(`${server.base}/health-check`, { method: 'HEAD' })).ok || undefined;
      } catch {
        return undefined;
      }
    },
    90_000,
  );
  return server;
}

/** Signs up on a server process like a browser (CSRF cookie, then the form post). */
export async function signUpOverHttp(
  base: string,
  account: { email: string; username: string; password: string },
): Promise<{ csrf: string; cookie: string }> {
  const anonymous = await fetch(`${base}/api/auth/csrf/`);
  const csrf0 = cookieValue(anonymous, 'csrftoken');
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf0,
      cookie: `csrftoken=${csrf0}; csrf_nonce=${cookieValue(anonymous, 'csrf_nonce')}`,
    },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const csrf = cookieValue(res, 'csrftoken');
  return { csrf, cookie: `csrftoken=${csrf}; session=${cookieValue(res, 'session')}` };
}
