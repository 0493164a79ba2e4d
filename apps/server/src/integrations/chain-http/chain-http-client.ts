import type { z } from 'zod';
import { type NowMs, realNow, realSleep, type Sleep } from './clock.ts';
import { ExplorerError } from './explorer-error.ts';
import type { RequestBudget } from './request-budget.ts';
import { parseRetryAfter } from './retry-after.ts';
import { describeDuration, excerpt, sentence } from './wording.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The first backoff; it doubles per attempt up to `maxDelayMs`, then jitter takes up to half off. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited out inside one call: the call fails as
   * rate_limited (the budget stays paused) and the sync job tries again later.
   */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

export interface ChainHttpClientOptions {
  /** How messages name the provider: "the explorer at blockstream.info", "Etherscan". */
  label: string;
  budget: RequestBudget;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  now?: NowMs;
  sleep?: Sleep;
  /** In [0, 1); injected so a test can pin the jitter. */
  random?: () => number;
}

/** A 2xx answer, read whole inside the timeout. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export interface ChainRequest<T> {
  /** The full URL; it may carry an API key, so it never appears in an error. */
  url: string;
  /** A safe name for the call, used in errors and logs. */
  endpoint: string;
  /** What a 404 means here, for the message ("this transaction"). */
  subject?: string;
  /** Turns a 2xx answer into a value, throwing ExplorerError when the answer breaks the protocol. */
  read: (answer: HttpAnswer) => T;
  signal?: AbortSignal | undefined;
}

/**
 * Transport shared by the explorer clients: one budget token per attempt, a timeout on the whole
 * exchange (headers and body) through AbortSignal, the status mapped to an ExplorerError kind,
 * and retries of transient failures with exponential backoff and jitter. Retry-After is obeyed
 * twice over: this call waits at least that long, and the budget is paused so every other caller
 * of the same provider waits too.
 */
export class ChainHttpClient {
  readonly label: string;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  private readonly budget: RequestBudget;
  private readonly fetchFn: FetchLike;
  private readonly now: NowMs;
  private readonly sleep: Sleep;
  private readonly random: () => number;

  constructor(options: ChainHttpClientOptions) {
    this.label = options.label;
    this.budget = options.budget;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retry = { ...defaultRetryPolicy, ...options.retry };
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? realNow;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
  }

  async request<T>(request: ChainRequest<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let failure: ExplorerError;
      try {
        request.signal?.throwIfAborted();
        await this.budget.acquire();
        const answer = await this.exchange(request);
        return request.read(answer);
      } catch (error) {
        // A caller's cancellation (a job shutting down) is not the explorer's failure.
        if (request.signal?.aborted) throw request.signal.reason;
        if (!(error instanceof ExplorerError)) throw error;
        failure = error;
      }
      if (failure.retryAfterMs !== undefined) await this.budget.pauseUntil(this.now() + failure.retryAfterMs);
      const delay = this.retryDelay(failure, attempt);
      if (delay === null) throw this.finalError(failure, attempt);
      await this.sleep(delay);
    }
  }

  /** A `read` that parses JSON and validates it whole: one bad row fails the page, never a partial page. */
  json<S extends z.ZodType>(schema: S, endpoint: string): (answer: HttpAnswer) => z.output<S> {
    return (answer) => this.validate(schema, this.parseJson(answer.body, endpoint), endpoint);
  }

  parseJson(body: string, endpoint: string): unknown {
    try {
      return JSON.parse(body);
    } catch (cause) {
      throw new ExplorerError({
        kind: 'malformed',
        message: `${sentence(this.label)} sent an answer that is not valid JSON.`,
        endpoint,
        cause,
      });
    }
  }

  validate<S extends z.ZodType>(schema: S, value: unknown, endpoint: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new ExplorerError({
      kind: 'malformed',
      message: `${sentence(this.label)} sent an answer in a shape we do not understand, so none of it was used.`,
      endpoint,
      cause: parsed.error,
    });
  }

  private async exchange(request: ChainRequest<unknown>): Promise<HttpAnswer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal === undefined ? timeout : AbortSignal.any([timeout, request.signal]);
    const { endpoint } = request;
    try {
      const response = await this.fetchFn(request.url, { headers: { accept: 'application/json' }, signal });
      const body = await response.text();
      if (response.ok) return { status: response.status, headers: response.headers, body };
      throw this.statusError(response, body, request);
    } catch (error) {
      if (error instanceof ExplorerError) throw error;
      if (timeout.aborted) {
        throw new ExplorerError({
          kind: 'unreachable',
          message: `${sentence(this.label)} did not answer in ${describeDuration(this.timeoutMs)}.`,
          endpoint,
          cause: error,
        });
      }
      if (request.signal?.aborted) throw error;
      throw new ExplorerError({
        kind: 'unreachable',
        message: `${sentence(this.label)} could not be reached.`,
        endpoint,
        cause: error,
      });
    }
  }

  private statusError(response: Response, body: string, request: ChainRequest<unknown>): ExplorerError {
    const { status } = response;
    const { endpoint } = request;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.now());
    const label = sentence(this.label);
    if (status === 429) {
      return new ExplorerError({
        kind: 'rate_limited',
        message:
          retryAfterMs === undefined
            ? `${label} asked us to slow down.`
            : `${label} asked us to wait ${describeDuration(retryAfterMs)} before asking again.`,
        endpoint,
        status,
        retryAfterMs,
      });
    }
    if (status === 404) {
      return new ExplorerError({
        kind: 'not_found',
        message: `${label} does not know ${request.subject ?? 'what was asked for'}.`,
        endpoint,
        status,
      });
    }
    if (status >= 500 || status === 408) {
      return new ExplorerError({
        kind: 'unreachable',
        message: `${label} is having trouble: it answered ${status}.`,
        endpoint,
        status,
        retryAfterMs,
      });
    }
    // 400, 401, 403 and the rest: the request or its key is wrong; the same request cannot succeed.
    const said = excerpt(body);
    return new ExplorerError({
      kind: 'rejected',
      message: `${label} refused the request (${status})${said === '' ? '' : `: ${said}`}.`,
      endpoint,
      status,
    });
  }

  /** null: give up now. */
  private retryDelay(error: ExplorerError, attempt: number): number | null {
    if (!error.transient || attempt >= this.retry.maxAttempts) return null;
    if (error.retryAfterMs !== undefined && error.retryAfterMs > this.retry.maxRetryAfterMs) return null;
    const ceiling = Math.min(this.retry.baseDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs);
    // Half fixed, half random: callers that failed together do not all come back together.
    const backoff = ceiling / 2 + this.random() * (ceiling / 2);
    return Math.max(Math.round(backoff), error.retryAfterMs ?? 0);
  }

  private finalError(error: ExplorerError, attempts: number): ExplorerError {
    if (attempts <= 1) return error;
    return error.withAttempts(attempts, `${error.message.replace(/\.$/, '')} (tried ${attempts} times).`);
  }
}
