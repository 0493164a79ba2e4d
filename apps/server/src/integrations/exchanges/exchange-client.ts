import { AsyncLocalStorage } from 'node:async_hooks';
import type { binance, ConstructorArgs, coinbase, kraken } from 'ccxt';
import { z } from 'zod';
import { type NowMs, realNow } from '../chain-http/clock.ts';
import type { RequestBudget } from '../chain-http/request-budget.ts';
import { parseRetryAfter } from '../chain-http/retry-after.ts';
import { ccxtLibrary } from './ccxt-library.ts';
import { ExchangeError } from './exchange-error.ts';
import { exchangeErrorFrom } from './exchange-error-mapping.ts';
import { type ExchangeId, exchangeLabel } from './exchange-names.ts';
import { allowedOriginsOf, rebaseExchangeUrls, requestUrlsOf } from './exchange-urls.ts';

interface CcxtOf {
  kraken: kraken;
  binance: binance;
  coinbase: coinbase;
}

export interface ExchangeRequestInfo {
  method: string;
  /** Path only: a signed Binance query carries a signature, which is not logged. */
  path: string;
}

export interface ExchangeClientOptions<E extends ExchangeId = ExchangeId> {
  exchange: E;
  apiKey: string;
  secret: string;
  /** Coinbase's legacy keys only. */
  passphrase?: string | undefined;
  /** Replaces every API address of the exchange (tests: a fake on 127.0.0.1). */
  baseUrl?: string | undefined;
  /** Per request; ccxt's default is 10 s. */
  timeoutMs?: number | undefined;
  /** Milliseconds ccxt leaves between two requests of cost 1; ccxt's figure for the exchange by default. */
  rateLimitMs?: number | undefined;
  /** Asked before every request, so several processes can share one exchange's allowance. */
  budget?: RequestBudget | undefined;
  /** Told of every request as it leaves. */
  onRequest?: ((request: ExchangeRequestInfo) => void) | undefined;
  now?: NowMs | undefined;
}

export interface ExchangeClient<E extends ExchangeId = ExchangeId> {
  readonly exchange: E;
  readonly label: string;
  /** The ccxt instance; exposed for the readers of this folder, not to be called directly elsewhere. */
  readonly ccxt: CcxtOf[E];
  /** How many milliseconds ccxt leaves between requests of cost 1 (its per-instance throttle). */
  readonly rateLimitMs: number;
  readonly timeoutMs: number;
  /** Every address the ccxt instance could send a request to. */
  configuredUrls(): string[];
  /** Requests sent so far by this client. */
  requestCount(): number;
  now(): number;
  /** Loads markets and currencies once; a failed load is retried by the next call. */
  loadMarkets(): Promise<void>;
  /**
   * Runs one ccxt call and validates its answer: a ccxt failure becomes an ExchangeError, and an
   * answer `schema` rejects is `malformed`, never passed on.
   */
  call<T>(endpoint: string, schema: z.ZodType<T>, run: (ccxt: CcxtOf[E]) => Promise<unknown>): Promise<T>;
}

const defaultTimeoutMs = 15_000;

/** A request the client would not send: its address is not one the client was configured with. */
class OffOriginRequest extends ExchangeError {
  readonly offOrigin = true;
}

/** What one call's HTTP answer said, for the error it may turn into. */
interface CallAnswer {
  status?: number;
  retryAfter?: string | null;
}

/** Ties a transport-level answer to the call that caused it, even with calls in flight side by side. */
const currentCall = new AsyncLocalStorage<CallAnswer>();

interface CcxtFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

function ccxtConfig(options: ExchangeClientOptions, timeoutMs: number): ConstructorArgs {
  const config: ConstructorArgs = {
    apiKey: options.apiKey,
    secret: options.secret,
    enableRateLimit: true,
    timeout: timeoutMs,
  };
  if (options.passphrase !== undefined) config.password = options.passphrase;
  if (options.rateLimitMs !== undefined) config.rateLimit = options.rateLimitMs;
  if (options.exchange === 'binance') {
    config.options = {
      // Spot only: loading the futures and options markets would cost requests and tell us nothing.
      fetchMarkets: { types: ['spot'] },
      // Margin pairs and the signed, heavy capital/config/getall are not needed: codes come from markets.
      fetchMargins: false,
      fetchCurrencies: false,
      adjustForTimeDifference: false,
    };
  }
  if (options.exchange === 'kraken') config.options = { adjustForTimeDifference: false };
  return config;
}

function instantiate<E extends ExchangeId>(exchange: E, config: ConstructorArgs): CcxtOf[E] {
  const library = ccxtLibrary();
  const constructors: { [K in ExchangeId]: (args: ConstructorArgs) => CcxtOf[K] } = {
    kraken: (args) => new library.kraken(args),
    binance: (args) => new library.binance(args),
    coinbase: (args) => new library.coinbase(args),
  };
  return constructors[exchange](config);
}

/**
 * A ccxt instance for one exchange account, configured so that it cannot surprise us: every API
 * address replaced when `baseUrl` is given, ccxt's throttle on, a timeout, nothing loaded or
 * fetched at construction, requests refused unless they go to a configured origin, and every
 * request first asking the shared budget (before ccxt signs it, so a wait cannot stale a nonce or a
 * time stamp). ccxt must have been loaded (`loadCcxt()`).
 */
export function createExchangeClient<E extends ExchangeId>(
  options: ExchangeClientOptions<E>,
): ExchangeClient<E> {
  const { exchange } = options;
  const label = exchangeLabel[exchange];
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const now = options.now ?? realNow;
  const ccxt = instantiate(exchange, ccxtConfig(options, timeoutMs));
  if (options.baseUrl !== undefined) rebaseExchangeUrls(ccxt.urls, new URL(options.baseUrl));
  const allowed = allowedOriginsOf(ccxt.urls);
  let requests = 0;

  ccxt.fetchImplementation = async (url: string, init: CcxtFetchInit): Promise<Response> => {
    const target = new URL(url);
    if (!allowed.has(target.origin)) {
      throw new OffOriginRequest({
        kind: 'rejected',
        message: `The ${label} client refused to send a request to ${target.origin}, which is not one of its configured addresses.`,
        exchange,
        endpoint: target.pathname,
      });
    }
    requests += 1;
    options.onRequest?.({ method: init.method ?? 'GET', path: target.pathname });
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      body: init.body ?? null,
      signal: init.signal ?? null,
      // Exchanges do not redirect API calls; a redirect is a proxy in the way.
      redirect: 'error',
    });
    const answer = currentCall.getStore();
    if (answer) {
      answer.status = response.status;
      answer.retryAfter = response.headers.get('retry-after');
    }
    return response;
  };

  const budget = options.budget;
  if (budget) {
    const send = ccxt.fetch2.bind(ccxt);
    ccxt.fetch2 = async (...args: Parameters<typeof send>) => {
      await budget.acquire();
      return send(...args);
    };
  }

  if (exchange === 'kraken') {
    // Kraken wants each nonce higher than the last; ccxt's is the clock in ms, which two requests in
    // one millisecond (or a clock step back) would repeat.
    let lastNonce = 0;
    ccxt.nonce = () => {
      lastNonce = Math.max(Date.now(), lastNonce + 1);
      return lastNonce;
    };
  }

  let loadFailed = false;
  let loaded = false;

  const call = async <T>(
    endpoint: string,
    schema: z.ZodType<T>,
    run: (instance: CcxtOf[E]) => Promise<unknown>,
  ): Promise<T> => {
    const answer: CallAnswer = {};
    let raw: unknown;
    try {
      raw = await currentCall.run(answer, () => run(ccxt));
    } catch (error) {
      const retryAfterMs =
        answer.retryAfter === undefined ? undefined : parseRetryAfter(answer.retryAfter, now());
      const failure = exchangeErrorFrom(error, {
        exchange,
        endpoint,
        status: answer.status,
        retryAfterMs,
        timeoutMs,
      });
      if (failure.kind === 'rate_limit' && failure.retryAfterMs !== undefined && budget) {
        await budget.pauseUntil(now() + failure.retryAfterMs);
      }
      throw failure;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new ExchangeError({
        kind: 'malformed',
        message: `${label} sent an answer to ${endpoint} in a shape it does not document; nothing from it was used.`,
        exchange,
        endpoint,
        status: answer.status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  };

  return {
    exchange,
    label,
    ccxt,
    rateLimitMs: ccxt.rateLimit ?? 0,
    timeoutMs,
    configuredUrls: () => requestUrlsOf(ccxt.urls),
    requestCount: () => requests,
    now,
    loadMarkets: async () => {
      if (loaded) return;
      const reload = loadFailed;
      try {
        await call('markets', marketsLoaded, (instance) => instance.loadMarkets(reload));
      } catch (error) {
        loadFailed = true;
        // ccxt refuses a market list it cannot parse with a plain ExchangeError ("missing base"):
        // that is an unreadable answer, not a refusal.
        if (
          error instanceof ExchangeError &&
          error.kind === 'rejected' &&
          !(error instanceof OffOriginRequest)
        ) {
          throw new ExchangeError({
            kind: 'malformed',
            message: `${label} sent a list of markets that could not be read; nothing from it was used.`,
            exchange,
            endpoint: 'markets',
            status: error.status,
            cause: error.cause,
          });
        }
        throw error;
      }
      loaded = true;
    },
    call,
  };
}

/** ccxt answers loadMarkets with its market table; an empty one means the answers were not usable. */
const marketsLoaded = z
  .record(z.string(), z.unknown())
  .refine((markets) => Object.keys(markets).length > 0, 'no markets in the answer')
  .transform(() => undefined);

export function isClientOf<E extends ExchangeId>(
  client: ExchangeClient,
  exchange: E,
): client is ExchangeClient<E> {
  return client.exchange === exchange;
}
