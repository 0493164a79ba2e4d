import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const envelope = (
  status: number,
  code: string,
  category: string,
  message = 'error',
  details: Record<string, unknown> | null = null,
  redirect?: string,
): Response =>
  json(
    { error: { code, message, category, details }, ...(redirect === undefined ? {} : { redirect }) },
    status,
  );

/** Answers like the real server for the listed "METHOD /path" keys; anything else is a 404 envelope. */
export function installFakeFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`];
    if (handler === undefined) return envelope(404, 'route_not_found', 'not_found');
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const keys = () => calls.map((c) => `${c.method} ${c.path}`);
  /** How many requests went to one "METHOD /path" (with its query, if it had one). */
  const count = (key: string) => keys().filter((k) => k === key).length;
  return { calls, keys, count };
}

/**
 * A handler that answers only once `release()` is called, as a slow network would: lets a test
 * look at the page while a request is still on its way.
 */
export function heldUntilReleased(handler: Handler): { handler: Handler; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async (call) => {
      await released;
      return handler(call);
    },
    release: () => release(),
  };
}

export const signedOutSession = {
  is_authenticated: false,
  user_id: null,
  username: null,
  email: null,
  expires_at: null,
};

export const signedInSession = {
  is_authenticated: true,
  user_id: 'u1',
  username: 'satoshi',
  email: 'satoshi@example.com',
  expires_at: '2030-01-01T00:00:00.000Z',
};

export const meUser = {
  id: 'u1',
  email: 'satoshi@example.com',
  username: 'satoshi',
  picture: null,
  email_verified: true,
};

/** The endpoints the app asks at start-up, signed in or out. */
export function authRoutesFor(signedIn: boolean): Record<string, Handler> {
  return {
    'GET /api/auth/csrf/': () => json({ csrfToken: 'tok' }),
    'GET /api/auth/session-status': () => json(signedIn ? signedInSession : signedOutSession),
    'POST /api/v2/subscription/sync/': () =>
      json({ plan: 'self_hosted', status: 'active', features: [], synced_at: '2026-01-01T00:00:00.000Z' }),
    'GET /api/auth/me': () => (signedIn ? json(meUser) : envelope(401, 'auth_required', 'auth')),
    'POST /api/auth/logout': () => json({ success: true, logout_url: '/landing' }),
    // Asked beside the session check: the layout waits for it so the demo banner never shifts it.
    'GET /api/v2/market/status/': () =>
      json({
        source: 'coingecko',
        mode: 'live',
        as_of: '2026-01-01T00:00:00.000Z',
        stale: false,
        age_seconds: 0,
      }),
  };
}
