import { apiBase, authRoutes, csrfCookieName, csrfHeaderName, errorCodes } from '@app/contracts';
import {
  ApiError,
  apiErrorFromResponse,
  isApiError,
  networkError,
  queuedOfflineError,
} from '@/lib/api/api-error';
import { readCookie } from '@/lib/api/cookies';
import { shellSchemas } from '@/lib/api/lazy-schemas';
import { sleep, withRetry } from '@/lib/api/retry';
import { clientMessages } from '@/lib/messages';
import { trackStartupLoad } from '@/lib/startup-settled';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type WriteMethod = Exclude<HttpMethod, 'GET' | 'HEAD' | 'OPTIONS'>;

/**
 * Anything with zod's `parse` shape; the web app parses every body with a contracts schema (a long
 * list may be parsed in slices, asynchronously: sliced-list-parse).
 */
export interface Schema<T> {
  parse(input: unknown): T | Promise<T>;
}

export interface FetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (the offline queue's Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * A schema, or a loader of one: feature schemas load beside the request that needs them, so zod
 * and the contracts stay out of a page's first paint.
 */
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

export interface RequestOptions<T> extends FetchOptions {
  schema?: SchemaSource<T>;
  /** Set to false for calls whose 401/403 must not end the session (auth probes, ignored syncs). */
  sessionLossOnAuthError?: boolean;
  /**
   * Writes made offline are kept and replayed. False for writes that only make sense
   * with an answer now: previews, sign-in chores, subscription sync.
   */
  queueOffline?: boolean;
}

/** Request timeout: 30000 ms. */
export const requestTimeoutMs = 30_000;

const readMethods = new Set<HttpMethod>(['GET', 'HEAD', 'OPTIONS']);

/**
 * The auth probes answer 401 as data ("you are signed out"), so a 401 there is not a
 * lost session; logout itself must never trigger another logout.
 */
const sessionProbePaths = new Set<string>([
  authRoutes.sessionStatus,
  authRoutes.me,
  authRoutes.csrf,
  authRoutes.logout,
]);

export interface ApiClientConfig {
  sleep: (ms: number) => Promise<void>;
  isOnline: () => boolean;
  /** Called once per page for a 401/403 that means the session is gone. */
  onSessionLost: (error: ApiError) => Promise<void>;
  onQueuedOffline: () => void;
  /** Keeps a write for replay; false when it could not be kept (no signed-in user known). */
  queueWrite: (write: { method: WriteMethod; path: string; body: unknown }) => Promise<boolean>;
  /** Resolves when writes kept offline have been replayed: a newer write never overtakes them. */
  writesReplayed: () => Promise<void>;
}

let lastCsrfToken: string | null = null;
let sessionLossStarted = false;

const config: ApiClientConfig = {
  sleep,
  isOnline: () => navigator.onLine,
  onSessionLost: async () => {},
  onQueuedOffline: () => {},
  // The app plugs in the IndexedDB queue (loaded lazily, so it stays out of every first load).
  queueWrite: async () => false,
  writesReplayed: async () => {},
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

/** Test seam: forget per-page state (csrf token, session-loss latch). */
export function resetApiClientState(): void {
  lastCsrfToken = null;
  sessionLossStarted = false;
}

export function isReadMethod(method: HttpMethod): method is Exclude<HttpMethod, WriteMethod> {
  return readMethods.has(method);
}

function csrfToken(): string | null {
  return readCookie(csrfCookieName) ?? lastCsrfToken;
}

/**
 * One HTTP exchange with the API: base path, cookies, CSRF header on writes, JSON
 * content type when there is a body, and the 30 s timeout. Rejects only with a
 * network ApiError; HTTP error statuses come back as the Response.
 */
export function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  return trackStartupLoad(exchange(path, options));
}

async function exchange(path: string, options: FetchOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  // A JSON content type on an empty body is refused by the server's JSON parser, so
  // bodiless writes (logout, subscription sync) go without it.
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (!isReadMethod(method)) {
    const token = csrfToken();
    if (token !== null) headers.set(csrfHeaderName, token);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  try {
    return await fetch(`${apiBase}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(error, timedOut);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

export interface CsrfRequest {
  /** The server has answered (its cookie is set): the next request may go. */
  answered: Promise<void>;
  /** The token from the body, once the shell's schemas have arrived to parse it. */
  token: Promise<string | null>;
}

/**
 * GET /auth/csrf/ sets the readable cookie; the body copy covers browsers that hide it. The
 * answer and its parse are apart: at start the schemas' chunk is still on its way when the answer
 * arrives, and the session check need not wait for it. Both reject on a failure.
 */
export function requestCsrfToken(): CsrfRequest {
  const schemas = shellSchemas();
  const response = apiFetch(authRoutes.csrf).then(async (r) => {
    if (!r.ok) throw await apiErrorFromResponse(r);
    return r;
  });
  const token = response.then(async (r) => {
    const { csrfToken } = (await schemas).csrfResponseSchema.parse(await r.json());
    lastCsrfToken = csrfToken;
    return csrfToken;
  });
  return { answered: response.then(() => undefined), token };
}

export function refreshCsrfToken(): Promise<string | null> {
  const { answered, token } = requestCsrfToken();
  answered.catch(() => {
    // The same failure rejects `token`, which the caller handles.
  });
  return token;
}

/** Retry only what is safe and likely to change: dropped connections and 5xx answers. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.isNetwork) return !error.isTimeout;
  return error.status >= 500;
}

async function sendWithPolicy(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const method = options.method ?? 'GET';
  if (isReadMethod(method)) {
    return withRetry(
      async () => {
        const response = await apiFetch(path, options);
        if (response.status >= 500) throw await apiErrorFromResponse(response);
        return response;
      },
      // Offline, a retry cannot succeed: the cached copy answers at once instead.
      { shouldRetry: (error) => config.isOnline() && isTransient(error), sleep: config.sleep },
    );
  }
  if (options.queueOffline !== false) await config.writesReplayed().catch(() => {});
  try {
    return await apiFetch(path, options);
  } catch (error) {
    if (!isApiError(error) || !error.isNetwork || error.isTimeout) throw error;
    // A write that failed for lack of network is queued (offline) or retried once.
    // The queue outlives the page, so the caller hears "queued" now rather than the replay's answer.
    if (!config.isOnline()) {
      if (options.queueOffline === false) throw error;
      if (!(await config.queueWrite({ method, path, body: options.body }).catch(() => false))) throw error;
      config.onQueuedOffline();
      throw queuedOfflineError();
    }
    await config.sleep(1_000);
    return apiFetch(path, options);
  }
}

function meansSessionLoss(path: string, error: ApiError): boolean {
  if (error.status !== 401 && error.status !== 403) return false;
  if (sessionProbePaths.has(path)) return false;
  // An unverified email is a page-level condition with its own notice page, not a lost session.
  return error.code !== errorCodes.csrfFailed && error.code !== errorCodes.emailNotVerified;
}

/** Starts loading a lazy schema at once, so it arrives while the request is in flight. */
function schemaLoading<T>(source: SchemaSource<T> | undefined): Promise<Schema<T> | undefined> {
  const loading = Promise.resolve(typeof source === 'function' ? source() : source);
  // Awaited only when a body is parsed; an error answer must not leave a rejection unheard.
  loading.catch(() => {});
  return loading;
}

async function parseBody<T>(response: Response, loading: Promise<Schema<T> | undefined>): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T;
  let schema: Schema<T> | undefined;
  try {
    schema = await loading;
  } catch (cause) {
    // The schema's chunk could not be fetched: the connection failed, not the server.
    throw networkError(cause, false);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new ApiError({
      code: 'invalid_response',
      category: 'internal',
      message: clientMessages.invalidResponse,
      status: response.status,
      cause,
    });
  }
  if (schema === undefined) return json as T;
  try {
    return await schema.parse(json);
  } catch (cause) {
    throw new ApiError({
      code: 'invalid_response',
      category: 'internal',
      message: clientMessages.invalidResponse,
      status: response.status,
      cause,
    });
  }
}

/**
 * The generic API call: sends, retries per policy, turns error envelopes
 * into ApiError, handles CSRF refresh and session loss, and parses the body.
 */
export function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return trackStartupLoad(requestAndParse(path, options));
}

async function requestAndParse<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const schema = schemaLoading(options.schema);
  let response = await sendWithPolicy(path, options);

  if (!response.ok) {
    let error = await apiErrorFromResponse(response);
    if (error.code === errorCodes.csrfFailed) {
      // The token rotated or was never fetched: get a fresh one and try exactly once more.
      await refreshCsrfToken().catch(() => null);
      response = await sendWithPolicy(path, options);
      if (response.ok) return parseBody(response, schema);
      error = await apiErrorFromResponse(response);
    }
    if (options.sessionLossOnAuthError !== false && meansSessionLoss(path, error) && !sessionLossStarted) {
      sessionLossStarted = true;
      await config.onSessionLost(error);
    }
    throw error;
  }
  return parseBody(response, schema);
}
