import { authMessages, categoryMessages } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isQueuedOffline } from '@/lib/api/api-error';
import { apiRequest, configureApiClient, resetApiClientState } from '@/lib/api/client';
import { describeApiError } from '@/lib/api/error-presentation';
import { handleSessionLoss } from '@/lib/api/session-loss';
import { browserLocation } from '@/lib/browser-location';
import { envelope, installFakeFetch, json } from '@/test/fake-fetch';

const sleeps: number[] = [];
let online = true;

beforeEach(() => {
  sleeps.length = 0;
  online = true;
  resetApiClientState();
  configureApiClient({
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    isOnline: () => online,
    onSessionLost: handleSessionLoss,
    onQueuedOffline: () => {},
    queueWrite: async () => false,
    writesReplayed: async () => {},
  });
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads exactly this cookie
  document.cookie = 'csrftoken=cookie-token';
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: removing the cookie set above
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest: request shape (/api base, credentials, CSRF header)', () => {
  it('sends the CSRF header only on non-read methods, with credentials and the /api base', async () => {
    const server = installFakeFetch({
      'GET /api/v2/portfolios/': () => json([]),
      'POST /api/v2/portfolios/': () => json({ id: 'p1' }, 201),
      'DELETE /api/v2/portfolios/p1/': () => new Response(null, { status: 204 }),
    });
    await apiRequest('/v2/portfolios/');
    await apiRequest('/v2/portfolios/', { method: 'POST', body: { name: 'Main' } });
    await apiRequest('/v2/portfolios/p1/', { method: 'DELETE' });

    const [get, post, del] = server.calls;
    expect(get?.headers.get('X-CSRFToken')).toBeNull();
    expect(post?.headers.get('X-CSRFToken')).toBe('cookie-token');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toBe('{"name":"Main"}');
    expect(del?.headers.get('X-CSRFToken')).toBe('cookie-token');
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
  });

  it('parses the body with the given schema', async () => {
    installFakeFetch({ 'GET /api/thing': () => json({ n: 1 }) });
    const schema = { parse: (v: unknown) => ({ parsed: v }) };
    await expect(apiRequest('/thing', { schema })).resolves.toEqual({ parsed: { n: 1 } });
  });
});

describe('apiRequest: error envelope → ApiError', () => {
  it('keeps code, category, message, details, status and redirect', async () => {
    installFakeFetch({
      'POST /api/auth/password': () =>
        envelope(400, 'validation_error', 'validation', 'Invalid input', {
          fields: { current_password: ['Your current password is not correct.'] },
        }),
    });
    const error = await caught(apiRequest('/auth/password', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ code: 'validation_error', category: 'validation', status: 400 });
    expect(error.fieldErrors).toEqual({ current_password: ['Your current password is not correct.'] });
    const view = describeApiError(error);
    expect(view.message).toBe(categoryMessages.validation);
    expect(view.description).toContain('current_password');
  });

  it.each([
    [
      new ApiError({ code: 'auth_expired_token', category: 'auth', message: 'x', status: 401 }),
      authMessages.sessionExpired,
    ],
    [
      new ApiError({ code: 'forbidden', category: 'auth', message: 'x', status: 403 }),
      authMessages.forbidden,
    ],
    [
      new ApiError({ code: 'external_service_error', category: 'external', message: 'x', status: 502 }),
      categoryMessages.external,
    ],
    [
      new ApiError({ code: 'database_error', category: 'database', message: 'x', status: 500 }),
      categoryMessages.unexpected,
    ],
    [
      new ApiError({ code: 'internal_error', category: 'internal', message: 'x', status: 500 }),
      categoryMessages.unexpected,
    ],
    [
      new ApiError({ code: 'not_found', category: 'not_found', message: 'Portfolio not found', status: 404 }),
      'Portfolio not found',
    ],
  ])('%s is worded as the spec says', (error, message) => {
    expect(describeApiError(error).message).toBe(message);
  });

  it('marks auth_expired_token as a session expiry, external as retryable, internal with a support hint', () => {
    const expired = describeApiError(
      new ApiError({ code: 'auth_expired_token', category: 'auth', message: '', status: 401 }),
    );
    expect(expired.sessionExpired).toBe(true);
    const external = describeApiError(
      new ApiError({ code: 'e', category: 'external', message: '', status: 502 }),
    );
    expect(external).toMatchObject({ level: 'error', retry: true });
    const internal = describeApiError(
      new ApiError({ code: 'i', category: 'internal', message: '', status: 500 }),
    );
    expect(internal.description).toBe(categoryMessages.supportHint);
    const business = describeApiError(
      new ApiError({ code: 'conflict', category: 'business', message: 'm', status: 409 }),
    );
    expect(business.level).toBe('warning');
  });
});

describe('apiRequest: lost session (a 401 or 403 on an api path)', () => {
  it('on a 401 posts logout, then follows the envelope redirect', async () => {
    const server = installFakeFetch({
      'GET /api/v2/portfolios/': () => envelope(401, 'auth_required', 'auth', 'Sign in', null, '/landing'),
      'POST /api/auth/logout': () => json({ success: true, logout_url: '/landing' }),
    });
    const error = await caught(apiRequest('/v2/portfolios/'));
    expect(error.status).toBe(401);
    expect(server.keys()).toEqual(['GET /api/v2/portfolios/', 'POST /api/auth/logout']);
    expect(browserLocation.assign).toHaveBeenCalledWith('/landing');
  });

  it('on a 403 without a redirect goes to the root, even when logout fails', async () => {
    installFakeFetch({
      'DELETE /api/v2/alerts/a1/': () => envelope(403, 'forbidden', 'auth'),
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await caught(apiRequest('/v2/alerts/a1/', { method: 'DELETE' }));
    expect(browserLocation.assign).toHaveBeenCalledWith('/');
  });

  it('leaves the auth probes alone', async () => {
    const server = installFakeFetch({ 'GET /api/auth/me': () => envelope(401, 'auth_required', 'auth') });
    await caught(apiRequest('/auth/me'));
    expect(server.keys()).toEqual(['GET /api/auth/me']);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('refetches the CSRF token and retries once on csrf_failed instead of logging out', async () => {
    let attempts = 0;
    const server = installFakeFetch({
      'GET /api/auth/csrf/': () => json({ csrfToken: 'fresh' }),
      'POST /api/v2/alerts/': () => {
        attempts += 1;
        return attempts === 1 ? envelope(403, 'csrf_failed', 'auth') : json({ id: 'a1' }, 201);
      },
    });
    await expect(apiRequest('/v2/alerts/', { method: 'POST', body: {} })).resolves.toEqual({ id: 'a1' });
    expect(server.keys()).toEqual(['POST /api/v2/alerts/', 'GET /api/auth/csrf/', 'POST /api/v2/alerts/']);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });
});

describe('apiRequest: timeout and retries (30 s, 3 attempts)', () => {
  it('aborts after the timeout with a timeout error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const error = await caught(apiRequest('/slow', { timeoutMs: 20 }));
    expect(error).toMatchObject({ code: 'timeout', category: 'network', status: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses a 30 000 ms default timeout', async () => {
    const { requestTimeoutMs } = await import('@/lib/api/client');
    expect(requestTimeoutMs).toBe(30_000);
  });

  it('retries a read that keeps failing with 5xx: 3 attempts, 1 s then 2 s apart', async () => {
    const server = installFakeFetch({
      'GET /api/flaky': () => envelope(503, 'external_service_error', 'external'),
    });
    const error = await caught(apiRequest('/flaky'));
    expect(error.status).toBe(503);
    expect(server.calls).toHaveLength(3);
    expect(sleeps).toEqual([1_000, 2_000]);
  });

  it('retries a read after a network failure and succeeds', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        n += 1;
        if (n === 1) throw new TypeError('Failed to fetch');
        return json({ ok: true });
      }),
    );
    await expect(apiRequest('/x')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never retries a 4xx, and never retries a write that got an answer', async () => {
    const server = installFakeFetch({
      'GET /api/missing': () => envelope(404, 'not_found', 'not_found'),
      'POST /api/broken': () => envelope(500, 'internal_error', 'internal'),
    });
    await caught(apiRequest('/missing'));
    await caught(apiRequest('/broken', { method: 'POST', body: {} }));
    expect(server.keys()).toEqual(['GET /api/missing', 'POST /api/broken']);
  });

  it('retries a write once after a network failure while online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await caught(apiRequest('/w', { method: 'POST', body: {} }));
    expect(error.code).toBe('network_error');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a write that failed offline for replay and tells the caller it was queued', async () => {
    online = false;
    const kept: unknown[] = [];
    let notices = 0;
    configureApiClient({
      queueWrite: async (write) => {
        kept.push(write);
        return true;
      },
      onQueuedOffline: () => {
        notices += 1;
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await caught(apiRequest('/w', { method: 'POST', body: { a: 1 } }));
    expect(isQueuedOffline(error)).toBe(true);
    expect(kept).toEqual([{ method: 'POST', path: '/w', body: { a: 1 } }]);
    expect(notices).toBe(1);
    // Offline, a write is not retried in the page: the queue replays it when the network returns.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not keep a write that asked not to be, nor one with no known user to replay it for', async () => {
    online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const preview = await caught(apiRequest('/preview', { method: 'POST', body: {}, queueOffline: false }));
    expect(preview.code).toBe('network_error');
    const unknownUser = await caught(apiRequest('/w', { method: 'POST', body: {} }));
    expect(unknownUser.code).toBe('network_error');
  });

  it('sends a new write only after the writes kept offline have been replayed', async () => {
    let replayed = () => {};
    configureApiClient({ writesReplayed: () => new Promise<void>((resolve) => (replayed = resolve)) });
    const server = installFakeFetch({ 'POST /api/w': () => json({ ok: true }) });
    const sent = apiRequest('/w', { method: 'POST', body: {} });
    await Promise.resolve();
    expect(server.calls).toEqual([]);
    replayed();
    await expect(sent).resolves.toEqual({ ok: true });
    expect(server.keys()).toEqual(['POST /api/w']);
  });

  it('does not retry a read while the browser is offline', async () => {
    online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await caught(apiRequest('/r'))).code).toBe('network_error');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
  });
});
