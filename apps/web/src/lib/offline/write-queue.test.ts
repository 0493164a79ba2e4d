import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApiClient, refreshCsrfToken, resetApiClientState } from '@/lib/api/client';
import { envelope, installFakeFetch, json, signedInSession } from '@/test/fake-fetch';
import { closeOfflineDb } from './offline-db';
import {
  discardWrite,
  listWrites,
  queueWrite,
  type ReplayDeps,
  replayWrites,
  retryWrite,
  sendQueuedWrite,
  writesReplayed,
} from './write-queue';

const tx = (quantity: string, type = 'buy') => ({
  portfolio_id: 'p1',
  coin_id: 'bitcoin',
  type,
  quantity,
  price_per_coin: '100',
  fee: '0',
  date: '2024-01-01T10:00:00.000Z',
  note: '',
});

const sleeps: number[] = [];

/** The replay as the app wires it: the client's own fetch, token refresh and session check. */
const deps: ReplayDeps = {
  send: sendQueuedWrite,
  refreshCsrfToken,
  sessionUserId: async () => {
    const response = await apiFetch('/auth/session-status');
    const session = (await response.json()) as { is_authenticated: boolean; user_id: string | null };
    return session.is_authenticated ? session.user_id : null;
  },
  sleep: async (ms) => {
    sleeps.push(ms);
  },
};

function setCsrfCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads exactly this cookie
  document.cookie = `csrftoken=${value}`;
}

beforeEach(async () => {
  await closeOfflineDb();
  // A fresh IndexedDB per test: nothing leaks from one to the next.
  globalThis.indexedDB = new IDBFactory();
  sleeps.length = 0;
  resetApiClientState();
  configureApiClient({ isOnline: () => true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: removing the cookie set above
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('offline write queue (kept offline, replayed when back)', () => {
  it('keeps writes across a reload, in the order they were made, in the user’s words', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('0.5') });
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('0.25', 'sell') });
    await queueWrite({ owner: 'u2', method: 'DELETE', path: '/v2/portfolios/p9/', body: undefined });
    await closeOfflineDb(); // what a reload does to the connection; the data stays

    const kept = await listWrites('u1');
    expect(kept.map((w) => [w.label, w.status])).toEqual([
      ['New transaction: Buy 0.5 bitcoin at 100', 'pending'],
      ['New transaction: Sell 0.25 bitcoin at 100', 'pending'],
    ]);
    expect(kept[0]?.seq).toBeLessThan(kept[1]?.seq ?? 0);
    expect((await listWrites('u2')).map((w) => w.label)).toEqual(['Delete portfolios']);
  });

  it('replays in order, each once, with the CSRF token current at replay time', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('2') });
    setCsrfCookie('token-of-this-session');
    const server = installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 'token-of-this-session' }),
      'POST /api/v2/transactions/': () => json({ id: 't' }, 201),
    });

    const replay = replayWrites('u1', deps);
    // A write made meanwhile waits for this: it must not overtake the kept ones.
    let waited = false;
    const later = writesReplayed().then(() => {
      waited = server.calls.filter((c) => c.method === 'POST').length === 2;
    });
    expect(await replay).toEqual({ sent: 2, rejected: 0, stopped: null });
    await later;
    expect(waited).toBe(true);
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => JSON.parse(c.body ?? '{}').quantity)).toEqual(['1', '2']);
    expect(posts.map((c) => c.headers.get('X-CSRFToken'))).toEqual([
      'token-of-this-session',
      'token-of-this-session',
    ]);
    // Each write carries its own key, so a repeat the server already applied is answered, not redone.
    const keys = posts.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^ow-[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(2);
    expect(await listWrites('u1')).toEqual([]);
    // A second replay (another 'online' event) sends nothing again.
    expect(await replayWrites('u1', deps)).toEqual({ sent: 0, rejected: 0, stopped: null });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('keeps a refused write with its reason, goes on with the next, and lets the user resend or discard', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('3', 'sell') });
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    setCsrfCookie('t');
    installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 't' }),
      'POST /api/v2/transactions/': (call) =>
        JSON.parse(call.body ?? '{}').type === 'sell'
          ? envelope(400, 'insufficient_holdings', 'validation', 'Validation failed', {
              fields: { quantity: ['Only 0 BTC held on 2024-01-01; this sell needs 3.'] },
            })
          : json({ id: 't2' }, 201),
    });

    expect(await replayWrites('u1', deps)).toEqual({ sent: 1, rejected: 1, stopped: null });
    const [refused, ...rest] = await listWrites('u1');
    expect(rest).toEqual([]);
    expect(refused?.status).toBe('rejected');
    expect(refused?.error).toMatchObject({
      code: 'insufficient_holdings',
      status: 400,
      fields: { quantity: ['Only 0 BTC held on 2024-01-01; this sell needs 3.'] },
    });

    await retryWrite(refused?.seq ?? -1);
    expect((await listWrites('u1')).map((w) => [w.status, w.error])).toEqual([['pending', undefined]]);
    await discardWrite(refused?.seq ?? -1);
    expect(await listWrites('u1')).toEqual([]);
  });

  it('retries a network failure with the retry helper, then stops and keeps the rest in order', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('2') });
    setCsrfCookie('t');
    const server = installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 't' }),
      'POST /api/v2/transactions/': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    expect(await replayWrites('u1', deps)).toEqual({ sent: 0, rejected: 0, stopped: 'network' });
    // 3 attempts, waiting 1 s then 2 s; the second write was never tried before the first.
    expect(sleeps).toEqual([1_000, 2_000]);
    const attempts = server.calls.filter((c) => c.method === 'POST');
    expect(attempts).toHaveLength(3);
    // Every attempt of one write carries the same key: the server applies it at most once.
    expect(new Set(attempts.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(
      (await listWrites('u1')).map((w) => [JSON.parse(JSON.stringify(w.body)).quantity, w.status]),
    ).toEqual([
      ['1', 'pending'],
      ['2', 'pending'],
    ]);
  });

  it('asks again when the server is still handling an earlier attempt of the same write, then takes its answer', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    setCsrfCookie('t');
    let attempts = 0;
    const server = installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 't' }),
      'POST /api/v2/transactions/': () => {
        attempts += 1;
        if (attempts === 1) {
          const busy = envelope(
            409,
            'conflict',
            'business',
            'A request with this Idempotency-Key is still being handled',
            {
              in_progress: true,
            },
          );
          busy.headers.set('Retry-After', '1');
          return busy;
        }
        return json({ id: 't' }, 201);
      },
    });

    expect(await replayWrites('u1', deps)).toEqual({ sent: 1, rejected: 0, stopped: null });
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(await listWrites('u1')).toEqual([]);
  });

  it('fetches a fresh token and sends once more when the stored one no longer matches the session', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    setCsrfCookie('stale');
    const server = installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => {
        setCsrfCookie('fresh');
        return json({ csrfToken: 'fresh' });
      },
      'POST /api/v2/transactions/': (call) =>
        call.headers.get('X-CSRFToken') === 'fresh'
          ? json({ id: 't' }, 201)
          : envelope(403, 'csrf_failed', 'auth', 'CSRF verification failed.'),
    });
    // The replay's first token refresh happens before sending; make that one hand back the stale value.
    let first = true;
    const staleFirst: ReplayDeps = {
      ...deps,
      refreshCsrfToken: async () => {
        if (first) {
          first = false;
          return null;
        }
        return refreshCsrfToken();
      },
    };
    expect(await replayWrites('u1', staleFirst)).toEqual({ sent: 1, rejected: 0, stopped: null });
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('X-CSRFToken'))).toEqual([
      'stale',
      'fresh',
    ]);
  });

  it('sends nothing when another account is signed in, or the session has ended', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    setCsrfCookie('t');
    const other = installFakeFetch({
      'GET /api/auth/session-status': () => json({ ...signedInSession, user_id: 'u2' }),
      'POST /api/v2/transactions/': () => json({ id: 't' }, 201),
    });
    expect(await replayWrites('u1', deps)).toEqual({ sent: 0, rejected: 0, stopped: 'session' });
    expect(other.calls.filter((c) => c.method === 'POST')).toEqual([]);

    installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 't' }),
      'POST /api/v2/transactions/': () => envelope(401, 'auth_required', 'auth', 'Sign in again.'),
    });
    expect(await replayWrites('u1', deps)).toEqual({ sent: 0, rejected: 0, stopped: 'session' });
    expect((await listWrites('u1')).map((w) => [w.status, w.error?.message])).toEqual([
      ['pending', 'Sign in again.'],
    ]);
  });

  it('shows a write a closed tab left mid-send as uncertain and never resends it on its own', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: tx('1') });
    const { offlineDb } = await import('./offline-db');
    const db = await offlineDb();
    const [write] = await db.getAll('writes');
    if (write === undefined) throw new Error('queued write missing');
    await db.put('writes', { ...write, status: 'sending' });

    expect((await listWrites('u1')).map((w) => w.status)).toEqual(['uncertain']);
    const server = installFakeFetch({ 'GET /api/auth/session-status': () => json(signedInSession) });
    expect(await replayWrites('u1', deps)).toEqual({ sent: 0, rejected: 0, stopped: null });
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
