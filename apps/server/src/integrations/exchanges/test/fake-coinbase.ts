import type { IncomingMessage, ServerResponse } from 'node:http';
import { sortableTime } from '../coinbase/coinbase-time.ts';
import { buildCoinbaseAccount, type CoinbaseAccount, type CoinbaseWallet } from './coinbase-account.ts';
import { checkCoinbaseJwt, type FakeCoinbaseKey, fakeCoinbaseKey } from './coinbase-key.ts';
import {
  type FaultOptions,
  FaultQueue,
  listenOnLoopback,
  type RecordedRequest,
  sendJson,
  sendText,
} from './fake-exchange-server.ts';

/**
 * A fake Coinbase on 127.0.0.1 answering what ccxt's coinbase class and our readers call, the way
 * Coinbase answers them. Advanced Trade (v3): public brokerage/time; brokerage/accounts (limit ≤
 * 250, 49 by default, `cursor` and `has_next`), brokerage/orders/historical/fills (newest first by
 * sequence time, `start_sequence_timestamp` and `end_sequence_timestamp` both exclusive (or both inclusive), `limit`,
 * `cursor`, "" on the last page) and brokerage/key_permissions. The wallet API (v2):
 * accounts/:id/transactions (`order` desc by default or asc, `limit` ≤ 100, 25 by default,
 * `starting_after`, `pagination.next_starting_after`).
 *
 * Private calls need a CDP bearer token checked as Coinbase checks it (see checkCoinbaseJwt). Its
 * `uri` names the host as the client addressed it, less a leading "https://" (ccxt strips only
 * that): "GET api.coinbase.com/api/v3/brokerage/accounts" on Coinbase, the loopback address here.
 * Failures answer as Coinbase does: Advanced Trade a bare "Unauthorized" for a token it refuses
 * and {"error":"PERMISSION_DENIED","error_details":…,"message":…} bodies otherwise; the wallet API
 * {"errors":[{"id":"authentication_error","message":…}]}.
 */
export type CoinbaseFault =
  | { type: 'rate-limit'; retryAfterSeconds?: number }
  /** Advanced Trade's JSON refusal of a token, as some of its gateways send it. */
  | { type: 'unauthenticated' }
  | { type: 'server-error' }
  | { type: 'maintenance' }
  /** An HTTP error page in front of the API. */
  | { type: 'unavailable'; status?: number }
  | { type: 'malformed' }
  | { type: 'wrong-shape' }
  | { type: 'hang' };

export interface FakeCoinbaseOptions {
  account?: CoinbaseAccount;
  keys?: FakeCoinbaseKey[];
  /** Coinbase's clock (epoch ms); the real clock by default. */
  now?: () => number;
  /**
   * Whether the fills' time bounds include the instant they name. Coinbase calls them "after" and
   * "before", so by default they do not; the reader must be right either way.
   */
  inclusiveBounds?: boolean;
  port?: number;
}

export interface FakeCoinbase {
  url: string;
  /** Live: what a test changes in it is served from the next request on. */
  account: CoinbaseAccount;
  key: FakeCoinbaseKey;
  requests: RecordedRequest[];
  setFault(fault: CoinbaseFault, options?: FaultOptions): void;
  clearFaults(): void;
  /** Moves Coinbase's clock away from this machine's, as a skewed clock would. */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

type Api = 'v3' | 'v2';

class CoinbaseRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (status: number, code: string, message: string): never => {
  throw new CoinbaseRefusal(status, code, message);
};

function limitParam(params: URLSearchParams, fallback: number, max: number, api: Api): number {
  const text = params.get('limit');
  if (text === null) return fallback;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    return api === 'v3'
      ? refuse(400, 'INVALID_ARGUMENT', `limit must be between 1 and ${max}`)
      : refuse(400, 'invalid_request', `Limit must be between 1 and ${max}`);
  }
  return limit;
}

function offsetParam(params: URLSearchParams): number {
  const text = params.get('cursor') ?? '';
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) refuse(400, 'INVALID_ARGUMENT', 'invalid cursor');
  return Number(text);
}

function timeParam(params: URLSearchParams, name: string): string | undefined {
  const text = params.get(name);
  if (text === null) return undefined;
  try {
    return sortableTime(text);
  } catch {
    return refuse(400, 'INVALID_ARGUMENT', `${name} is not an RFC 3339 timestamp`);
  }
}

const privatePaths = /^\/api\/v3\/brokerage\/(accounts|orders\/historical\/fills|key_permissions)$/;
const transactionsPath = /^\/v2\/accounts\/([^/]+)\/transactions$/;

export async function startFakeCoinbase(options: FakeCoinbaseOptions = {}): Promise<FakeCoinbase> {
  const account = options.account ?? buildCoinbaseAccount({});
  const keys = options.keys ?? [fakeCoinbaseKey()];
  const now = options.now ?? Date.now;
  const inclusive = options.inclusiveBounds ?? false;
  const faults = new FaultQueue<CoinbaseFault>();
  const requests: RecordedRequest[] = [];
  let clockOffset = 0;
  let host = '';
  const serverNow = () => now() + clockOffset;

  function accounts(params: URLSearchParams) {
    const limit = limitParam(params, 49, 250, 'v3');
    const offset = offsetParam(params);
    const rows = account.wallets.map((wallet) => wallet.row);
    const page = rows.slice(offset, offset + limit);
    const more = offset + limit < rows.length;
    return { accounts: page, has_next: more, cursor: more ? String(offset + limit) : '', size: page.length };
  }

  function fills(params: URLSearchParams) {
    const limit = limitParam(params, 100, 3000, 'v3');
    const offset = offsetParam(params);
    const start = timeParam(params, 'start_sequence_timestamp');
    const end = timeParam(params, 'end_sequence_timestamp');
    const products = params.getAll('product_ids');
    const listed = account.fills
      .map((fill) => ({ fill, at: sortableTime(fill.sequence_timestamp) }))
      .filter(({ fill, at }) => {
        if (start !== undefined && (inclusive ? at < start : at <= start)) return false;
        if (end !== undefined && (inclusive ? at > end : at >= end)) return false;
        return products.length === 0 || products.includes(fill.product_id);
      })
      .sort((a, b) => (a.at > b.at ? -1 : a.at < b.at ? 1 : a.fill.trade_id > b.fill.trade_id ? -1 : 1))
      .map(({ fill }) => fill);
    const more = offset + limit < listed.length;
    return { fills: listed.slice(offset, offset + limit), cursor: more ? String(offset + limit) : '' };
  }

  function transactions(wallet: CoinbaseWallet, params: URLSearchParams) {
    const limit = limitParam(params, 25, 100, 'v2');
    const order = params.get('order') ?? 'desc';
    if (order !== 'asc' && order !== 'desc') refuse(400, 'invalid_request', 'Order must be asc or desc');
    const listed = order === 'asc' ? [...wallet.transactions] : [...wallet.transactions].reverse();
    const after = params.get('starting_after');
    let from = 0;
    if (after !== null) {
      const at = listed.findIndex((row) => row.id === after);
      if (at < 0) refuse(400, 'invalid_request', 'starting_after is not a transaction of this account');
      from = at + 1;
    }
    const page = listed.slice(from, from + limit);
    const last = page.at(-1);
    const more = from + limit < listed.length && last !== undefined;
    const path = `/v2/accounts/${wallet.row.uuid}/transactions`;
    return {
      pagination: {
        ending_before: null,
        starting_after: after,
        previous_ending_before: null,
        next_starting_after: more ? last.id : null,
        limit,
        order,
        previous_uri: null,
        next_uri: more ? `${path}?limit=${limit}&order=${order}&starting_after=${last.id}` : null,
      },
      data: page,
    };
  }

  function answer(path: string, params: URLSearchParams, key: FakeCoinbaseKey | null): unknown {
    if (path === '/api/v3/brokerage/time') {
      const ms = serverNow();
      return {
        iso: new Date(ms).toISOString(),
        epochSeconds: String(Math.floor(ms / 1000)),
        epochMillis: String(ms),
      };
    }
    const v2 = transactionsPath.exec(path);
    if (!v2 && !privatePaths.test(path)) return refuse(404, 'NOT_FOUND', 'Not Found');
    if (!key) return refuse(401, 'UNAUTHENTICATED', 'Unauthorized');
    if (path === '/api/v3/brokerage/key_permissions') {
      return { ...key.scopes, portfolio_uuid: key.portfolioUuid, portfolio_type: 'DEFAULT' };
    }
    if (!key.scopes.can_view) {
      return v2
        ? refuse(403, 'invalid_scope', 'Invalid scope')
        : refuse(403, 'PERMISSION_DENIED', 'Missing required scopes');
    }
    if (path === '/api/v3/brokerage/accounts') return accounts(params);
    if (path === '/api/v3/brokerage/orders/historical/fills') return fills(params);
    const wallet = account.wallets.find((candidate) => candidate.row.uuid === v2?.[1]);
    if (!wallet) return refuse(404, 'not_found', 'Not found');
    return transactions(wallet, params);
  }

  function sendRefusal(res: ServerResponse, api: Api, refusal: CoinbaseRefusal) {
    if (api === 'v2') {
      return sendJson(res, refusal.status, { errors: [{ id: refusal.code, message: refusal.message }] });
    }
    if (refusal.status === 401) return sendText(res, 401, 'Unauthorized\n', 'text/plain; charset=utf-8');
    return sendJson(res, refusal.status, {
      error: refusal.code,
      error_details: refusal.message,
      message: refusal.message,
    });
  }

  function answerFault(res: ServerResponse, api: Api, fault: CoinbaseFault) {
    const retry = (seconds: number | undefined): Record<string, string> =>
      seconds === undefined ? {} : { 'retry-after': String(seconds) };
    switch (fault.type) {
      case 'rate-limit':
        return api === 'v2'
          ? sendJson(
              res,
              429,
              { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] },
              retry(fault.retryAfterSeconds),
            )
          : sendJson(
              res,
              429,
              {
                error: 'RESOURCE_EXHAUSTED',
                error_details: 'too many requests',
                message: 'too many requests',
              },
              retry(fault.retryAfterSeconds),
            );
      case 'unauthenticated':
        return sendJson(res, 401, {
          error: 'UNAUTHENTICATED',
          error_details: 'invalid authentication token',
          message: 'invalid authentication token',
        });
      case 'server-error':
        return api === 'v2'
          ? sendJson(res, 500, {
              errors: [{ id: 'internal_server_error', message: 'Internal server error' }],
            })
          : sendJson(res, 500, {
              error: 'INTERNAL',
              error_details: 'internal error',
              message: 'internal error',
            });
      case 'maintenance':
        return sendText(
          res,
          503,
          '<html><head><title>Coinbase</title></head><body><h1>Coinbase is down for maintenance</h1></body></html>',
          'text/html',
        );
      case 'unavailable':
        return sendText(
          res,
          fault.status ?? 502,
          '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
          'text/html',
        );
      case 'malformed':
        return sendText(
          res,
          200,
          '{"fills":[{"entry_id":"22222-2222222","trade_id":"1111-11',
          'application/json',
        );
      case 'wrong-shape':
        return sendJson(res, 200, {
          fills: [{ trade_id: 7, price: 10000 }],
          accounts: [{ uuid: 3 }],
          data: [{ id: 4, amount: '1' }],
          cursor: 12,
        });
      case 'hang':
        return;
    }
  }

  const server = await listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    requests.push({ method, path, params: Object.fromEntries(url.searchParams), timestamp: Date.now() });
    const api: Api = path.startsWith('/v2/') ? 'v2' : 'v3';

    const fault = faults.take(path);
    if (fault) return answerFault(res, api, fault);
    try {
      if (method !== 'GET') refuse(404, 'NOT_FOUND', 'Not Found');
      let key: FakeCoinbaseKey | null = null;
      if (privatePaths.test(path) || transactionsPath.test(path)) {
        const verdict = checkCoinbaseJwt(
          req.headers.authorization,
          `${method} ${host.replace(/^https:\/\//, '')}${path}`,
          keys,
          Math.floor(serverNow() / 1000),
        );
        if (!verdict.ok) {
          return api === 'v2'
            ? refuse(401, 'authentication_error', 'invalid signature')
            : refuse(401, 'UNAUTHENTICATED', 'Unauthorized');
        }
        key = verdict.key;
      }
      return sendJson(res, 200, answer(path, url.searchParams, key));
    } catch (error) {
      if (!(error instanceof CoinbaseRefusal)) throw error;
      return sendRefusal(res, api, error);
    }
  }, options.port);
  host = server.url;

  const [firstKey] = keys;
  if (!firstKey) throw new Error('the fake Coinbase needs a key');
  return {
    url: server.url,
    account,
    key: firstKey,
    requests,
    setFault: (fault, faultOptions) => faults.set(fault, faultOptions),
    clearFaults: () => faults.clear(),
    setClockOffset: (ms) => {
      clockOffset = ms;
    },
    close: server.close,
  };
}
