import type { z } from 'zod';
import { type FetchLike, parseRetryAfter } from '../coingecko/http-client.ts';
import { type NowMs, realNow, realSleep, type Sleep } from '../coingecko/rate-limiter.ts';
import { UpstreamError, type UpstreamErrorKind } from '../upstream-error.ts';
import { binanceErrorSchema } from './schemas.ts';
import { WeightLimiter } from './weight-limiter.ts';

/**
 * Binance's market-data-only host: keyless, public data only, and reachable where
 * api.binance.com is geo-blocked (binance-spot-api-docs, faqs/market_data_only.md).
 */
export const binanceDefaultBaseUrl = 'https://data-api.binance.vision';
/** Binance's documented spot REQUEST_WEIGHT limit per IP per minute. */
export const binanceDocumentedWeightPerMinute = 6000;
/**
 * Our default budget: a fifth of the documented limit, because the limit is per IP and
 * other programs behind the same address spend from it too.
 */
export const binanceDefaultWeightPerMinute = 1200;

export interface BinanceLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

export interface BinanceClientOptions {
  /** BINANCE_BASE_URL (without /api/v3). */
  baseUrl?: string | undefined;
  /** BINANCE_WEIGHT_PER_MINUTE. */
  weightPerMinute?: number;
  timeoutMs?: number;
  /** Attempts for transient failures (5xx, timeouts); 429/418 are never retried here. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  logger?: BinanceLogger | undefined;
  fetch?: FetchLike;
  sleep?: Sleep;
  now?: NowMs;
}

export type Query = Record<string, string | number | undefined>;

/**
 * Transport for Binance spot REST: weight budget, Retry-After and server-reported weight,
 * timeout, retries of transient failures, JSON + zod validation. Failures are UpstreamErrors
 * like CoinGecko's, so callers treat both providers alike. Unreadable bodies are logged once
 * per (endpoint, kind) so an offline or misbehaving upstream does not flood the log.
 */
export class BinanceHttpClient {
  readonly baseUrl: string;
  readonly limiter: WeightLimiter;
  readonly now: NowMs;
  private readonly fetchFn: FetchLike;
  private readonly sleep: Sleep;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly logger: BinanceLogger | undefined;
  private readonly logged = new Set<string>();
  lastSuccessAt: number | null = null;

  constructor(options: BinanceClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? binanceDefaultBaseUrl).replace(/\/+$/, '');
    this.now = options.now ?? realNow;
    this.sleep = options.sleep ?? realSleep;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxAttempts = options.maxAttempts ?? 2;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
    this.logger = options.logger;
    this.limiter = new WeightLimiter({
      weightPerMinute: options.weightPerMinute ?? binanceDefaultWeightPerMinute,
      now: this.now,
      sleep: this.sleep,
    });
  }

  /** Weight that could be spent now within the budget. */
  spareWeight(): number {
    return this.limiter.spare();
  }

  async get<S extends z.ZodType>(
    path: string,
    query: Query,
    weight: number,
    schema: S,
  ): Promise<z.output<S>> {
    const url = this.buildUrl(path, query);
    for (let attempt = 1; ; attempt++) {
      try {
        const paused = this.limiter.pausedForMs();
        if (paused > 0) {
          // Binance asked us to back off (429/418): waiting inside a request would only
          // hold the caller; the next refresh tries again.
          throw new UpstreamError({
            kind: 'rate_limited',
            message: 'Binance asked us to wait',
            endpoint: path,
            retryAfterMs: paused,
          });
        }
        await this.limiter.acquire(weight);
        const body = await this.fetchJson(url, path);
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          throw new UpstreamError({
            kind: 'malformed',
            message: `Unexpected Binance response for ${path}`,
            endpoint: path,
            cause: parsed.error,
          });
        }
        this.lastSuccessAt = this.now();
        return parsed.data;
      } catch (error) {
        const upstream =
          error instanceof UpstreamError
            ? error
            : new UpstreamError({
                kind: 'unavailable',
                message: 'Binance call failed',
                endpoint: path,
                cause: error,
              });
        const retry = upstream.transient && upstream.kind !== 'rate_limited' && attempt < this.maxAttempts;
        if (!retry) {
          this.logOnce(upstream);
          throw upstream;
        }
        await this.sleep(Math.min(this.baseDelayMs * 2 ** (attempt - 1), this.maxDelayMs));
      }
    }
  }

  /** Malformed bodies and refusals once per endpoint and kind; outages once per kind. */
  private logOnce(error: UpstreamError): void {
    const key =
      error.kind === 'malformed' || error.kind === 'rejected'
        ? `${error.endpoint}:${error.kind}`
        : error.kind;
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.logger?.warn(
      {
        provider: 'binance',
        kind: error.kind,
        endpoint: error.endpoint,
        status: error.status,
        err: error.message,
      },
      'Binance call failed (further failures of this kind are not logged)',
    );
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
    try {
      const response = await this.fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: controller.signal,
      });
      const used = Number(response.headers.get('x-mbx-used-weight-1m'));
      if (response.headers.has('x-mbx-used-weight-1m') && Number.isFinite(used))
        this.limiter.observeServerUsed(used);
      const text = await response.text();
      if (!response.ok) throw this.statusError(response, text, path);
      try {
        return JSON.parse(text);
      } catch (cause) {
        throw new UpstreamError({
          kind: 'malformed',
          message: `Binance sent invalid JSON for ${path}`,
          endpoint: path,
          cause,
        });
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      const kind: UpstreamErrorKind = controller.signal.aborted ? 'timeout' : 'unavailable';
      throw new UpstreamError({
        kind,
        message:
          kind === 'timeout'
            ? `Binance did not answer within ${this.timeoutMs} ms`
            : 'Binance is unreachable',
        endpoint: path,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private statusError(response: Response, text: string, path: string): UpstreamError {
    const status = response.status;
    if (status === 429 || status === 418) {
      // 429: back off to avoid a ban; 418: banned until Retry-After. Both stop every call.
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.now()) ?? 60_000;
      this.limiter.pauseUntil(this.now() + retryAfterMs);
      return new UpstreamError({
        kind: 'rate_limited',
        message: status === 418 ? 'Binance banned this IP for a while' : 'Binance rate limit reached',
        endpoint: path,
        status,
        retryAfterMs,
      });
    }
    if (status >= 500 || status === 408)
      return new UpstreamError({
        kind: 'unavailable',
        message: `Binance answered ${status}`,
        endpoint: path,
        status,
      });
    let detail = '';
    try {
      const body = binanceErrorSchema.safeParse(JSON.parse(text));
      if (body.success) detail = `: ${body.data.code} ${body.data.msg}`;
    } catch {
      // Not JSON: the status says enough.
    }
    // 400 with -1121 "Invalid symbol." means the pair does not exist (delisted): like a 404.
    const kind: UpstreamErrorKind = status === 404 || detail.includes('-1121') ? 'not_found' : 'rejected';
    return new UpstreamError({
      kind,
      message: `Binance refused the request (${status}${detail})`,
      endpoint: path,
      status,
    });
  }
}
