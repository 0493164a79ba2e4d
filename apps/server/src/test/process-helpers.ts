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
