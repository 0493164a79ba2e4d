import type { z } from 'zod';
import { UpstreamError } from '../upstream-error.ts';
import { type NowMs, realNow, realSleep, type Sleep, SlidingWindowLimiter } from './rate-limiter.ts';

export type CoinGeckoKeyType = 'demo' | 'pro';
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const coinGeckoPublicBaseUrl = 'https://api.coingecko.com/api/v3';
export const coinGeckoProBaseUrl = 'https://pro-api.coingecko.com/api/v3';

export interface CoinGeckoClientOptions {
  apiKey?: string | undefined;
  /** Demo keys only work on api.coingecko.com and Pro keys only on pro-api (errors 10010/10011). */
  keyType?: CoinGeckoKeyType | undefined;
  /** COINGECKO_BASE_URL; wins over the key type's default root. */
  baseUrl?: string | undefined;
  /** The free (Demo) plan's documented ~30 calls/min; stays safe under the newer 100/min too. */
  callsPerMinute?: number;
  /** The request timeout. */
  timeoutMs?: number;
  /** The retry helper: 3 attempts, 1 s start, doubling, 10 s max. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this fails at once (rate_limited) instead of holding a request. */
  maxRetryAfterMs?: number;
  fetch?: FetchLike;
  sleep?: Sleep;
  now?: NowMs;
}

/** Which header and root a key needs; a pro-api base URL implies a Pro key when the type is unset. */
export function resolveCoinGeckoEndpoint(options: CoinGeckoClientOptions): {
  baseUrl: string;
  headerName: string | null;
} {
  const keyType = options.keyType ?? (options.baseUrl?.includes('pro-api.') ? 'pro' : 'demo');
  const hasKey = options.apiKey !== undefined && options.apiKey !== '';
  const defaultBase = hasKey && keyType === 'pro' ? coinGeckoProBaseUrl : coinGeckoPublicBaseUrl;
  const baseUrl = (options.baseUrl ?? defaultBase).replace(/\/+$/, '');
  const headerName = hasKey ? (keyType === 'pro' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key') : null;
  return { baseUrl, headerName };
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export type Query = Record<string, string | number | boolean | undefined>;

/** Transport for CoinGecko: auth header, rate limit, timeout, retries, JSON + zod validation. */
export class CoinGeckoHttpClient {
  readonly baseUrl: string;
  private readonly headerName: string | null;
  private readonly apiKey: string | undefined;
  private readonly limiter: SlidingWindowLimiter;
  private readonly fetchFn: FetchLike;
  private readonly sleep: Sleep;
  readonly now: NowMs;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  /** Time of the last successful response, for describe(). */
  lastSuccessAt: number | null = null;

  constructor(options: CoinGeckoClientOptions = {}) {
    const endpoint = resolveCoinGeckoEndpoint(options);
    this.baseUrl = endpoint.baseUrl;
    this.headerName = endpoint.headerName;
    this.apiKey = options.apiKey;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? realNow;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? this.maxDelayMs;
    this.limiter = new SlidingWindowLimiter({
      limit: options.callsPerMinute ?? 30,
      now: this.now,
      sleep: this.sleep,
    });
  }

  /** Calls that could start now within the rate limit (0 during a Retry-After pause). */
  spareCalls(): number {
    return this.limiter.spare();
  }

  async get<S extends z.ZodType>(path: string, query: Query, schema: S): Promise<z.output<S>> {
    const url = this.buildUrl(path, query);
    for (let attempt = 1; ; attempt++) {
      try {
        const paused = this.limiter.pausedForMs();
        if (paused > this.maxRetryAfterMs) {
          throw new UpstreamError({
            kind: 'rate_limited',
            message: 'CoinGecko asked us to wait',
            endpoint: path,
            retryAfterMs: paused,
          });
        }
        await this.limiter.acquire();
        const body = await this.fetchJson(url, path);
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          throw new UpstreamError({
            kind: 'malformed',
            message: `Unexpected CoinGecko response for ${path}`,
            endpoint: path,
            cause: parsed.error,
          });
        }
        this.lastSuccessAt = this.now();
        return parsed.data;
      } catch (error) {
        const upstream = toUpstream(error, path);
        const delay = this.retryDelay(upstream, attempt);
        if (delay === null) throw withAttempts(upstream, attempt);
        await this.sleep(delay);
      }
    }
  }

  /** null → give up. Only transient failures are retried; 429 waits at least Retry-After. */
  private retryDelay(error: UpstreamError, attempt: number): number | null {
    if (error.kind === 'rate_limited' && error.retryAfterMs !== undefined) {
      this.limiter.pauseUntil(this.now() + error.retryAfterMs);
      if (error.retryAfterMs > this.maxRetryAfterMs) return null;
    }
    if (!error.transient || attempt >= this.maxAttempts) return null;
    const backoff = Math.min(this.baseDelayMs * 2 ** (attempt - 1), this.maxDelayMs);
    return Math.max(backoff, error.retryAfterMs ?? 0);
  }

  private buildUrl(path: string, query: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const qs = params.toString();
    return `${this.baseUrl}/${path.replace(/^\/+/, '')}${qs === '' ? '' : `?${qs}`}`;
  }

  private async fetchJson(url: string, path: string): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.headerName !== null && this.apiKey !== undefined) headers[this.headerName] = this.apiKey;
    try {
      const response = await this.fetchFn(url, { headers, signal: controller.signal });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw this.statusError(response, path);
      }
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch (cause) {
        throw new UpstreamError({
          kind: 'malformed',
          message: `CoinGecko sent invalid JSON for ${path}`,
          endpoint: path,
          cause,
        });
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      if (controller.signal.aborted) {
        throw new UpstreamError({
          kind: 'timeout',
          message: `CoinGecko did not answer within ${this.timeoutMs} ms`,
          endpoint: path,
          cause: error,
        });
      }
      throw new UpstreamError({
        kind: 'unavailable',
        message: 'CoinGecko is unreachable',
        endpoint: path,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private statusError(response: Response, path: string): UpstreamError {
    const status = response.status;
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.now());
      return new UpstreamError({
        kind: 'rate_limited',
        message: 'CoinGecko rate limit reached',
        endpoint: path,
        status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (status === 404)
      return new UpstreamError({ kind: 'not_found', message: `Not found: ${path}`, endpoint: path, status });
    if (status >= 500 || status === 408) {
      return new UpstreamError({
        kind: 'unavailable',
        message: `CoinGecko answered ${status}`,
        endpoint: path,
        status,
      });
    }
    // 400/401/403 and CoinGecko's 10xxx key errors: the request or key is wrong; retrying cannot help.
    return new UpstreamError({
      kind: 'rejected',
      message: `CoinGecko refused the request (${status})`,
      endpoint: path,
      status,
    });
  }
}

function toUpstream(error: unknown, path: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  return new UpstreamError({
    kind: 'unavailable',
    message: 'CoinGecko call failed',
    endpoint: path,
    cause: error,
  });
}

function withAttempts(error: UpstreamError, attempts: number): UpstreamError {
  return new UpstreamError({
    kind: error.kind,
    message: error.message,
    endpoint: error.endpoint,
    attempts,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    cause: error.cause,
  });
}
