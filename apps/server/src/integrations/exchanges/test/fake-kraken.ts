import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type FaultOptions,
  FaultQueue,
  listenOnLoopback,
  type RecordedRequest,
  readBody,
  sendJson,
  sendText,
} from './fake-exchange-server.ts';
import { buildKrakenAccount, type KrakenAccount, type KrakenFundingRow } from './kraken-account.ts';
import { fakeKrakenSecret, krakenSignature } from './kraken-signature.ts';

/**
 * A fake Kraken spot REST API on 127.0.0.1, answering what ccxt's kraken class and our readers
 * call, the way Kraken answers them: public Time, SystemStatus, Assets and AssetPairs;
 * private Balance, BalanceEx, TradesHistory and Ledgers (50 entries a page, newest first, `ofs`,
 * `start` exclusive and `end` inclusive, `count`), DepositStatus and WithdrawStatus (newest first,
 * paged with `cursor`), GetApiKeyInfo. Private calls are checked like Kraken checks them: the
 * API-Key must be known, API-Sign must be the HMAC-SHA512 of path + SHA256(nonce + body) with the
 * decoded secret, the nonce must exceed the key's last one, and the key must hold the permission;
 * errors come as Kraken's {"error":["EAPI:Invalid key"]} bodies.
 */
export type KrakenFault =
  | { type: 'rate-limit' }
  | { type: 'lockout' }
  | { type: 'maintenance' }
  | { type: 'busy' }
  /** An HTTP error page in front of the API (Cloudflare's 5xx). */
  | { type: 'unavailable'; status?: number }
  /** A 200 whose body is cut off mid-JSON. */
  | { type: 'malformed' }
  /** A success envelope whose result is not in the documented shape. */
  | { type: 'wrong-shape' }
  | { type: 'hang' }
  | { type: 'error'; error: string };

export interface FakeKrakenKey {
  apiKey: string;
  /** Base64, as Kraken issues it. */
  secret: string;
  /** As GetApiKeyInfo names them. */
  permissions: string[];
}

/** The permissions of a read-only key: query funds, orders, trades and ledger. */
export const readOnlyKrakenPermissions = [
  'query-funds',
  'query-open-trades',
  'query-closed-trades',
  'query-ledger-entries',
  'export-data',
];

export function fakeKrakenKey(label = 'main', permissions = readOnlyKrakenPermissions): FakeKrakenKey {
  return { apiKey: `fake-kraken-key-${label}`, secret: fakeKrakenSecret(label), permissions };
}

export interface FakeKrakenOptions {
  account?: KrakenAccount;
  keys?: FakeKrakenKey[];
  /** Kraken's clock (epoch ms); the real clock by default. */
  now?: () => number;
  port?: number;
}

export interface FakeKraken {
  url: string;
  /** Live: what a test adds to it is served from the next request on. */
  account: KrakenAccount;
  /** The first key, the one tests usually sign with. */
  key: FakeKrakenKey;
  requests: RecordedRequest[];
  setFault(fault: KrakenFault, options?: FaultOptions): void;
  clearFaults(): void;
  /** As if another program had just used the key with this nonce. */
  useNonce(apiKey: string, nonce: number): void;
  close(): Promise<void>;
}

const pageSize = 50;
const fundingPageSize = 25;

/** What each private method needs, as GetApiKeyInfo names permissions. */
const requiredPermission: Readonly<Record<string, string | null>> = {
  Balance: 'query-funds',
  BalanceEx: 'query-funds',
  TradesHistory: 'query-closed-trades',
  Ledgers: 'query-ledger-entries',
  DepositStatus: 'query-funds',
  WithdrawStatus: 'query-funds',
  GetApiKeyInfo: null,
};

const krakenError = (res: ServerResponse, error: string) =>
  sendJson(res, 200, { error: [error], result: {} });
const krakenResult = (res: ServerResponse, result: unknown) => sendJson(res, 200, { error: [], result });

function parseParams(body: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes('application/json')) {
    const parsed: unknown = body === '' ? {} : JSON.parse(body);
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const asSeconds = (value: string | undefined): number | null | 'invalid' => {
  if (value === undefined || value === '') return null;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : 'invalid';
};

/**
 * The rows newest first, sorted once per list and length: a large account's ledger is asked for
 * 50 entries at a time, and sorting it for every page would dominate the fake's time. Tests add
 * rows (or replace the list); they do not edit one in place.
 */
const newestFirstCache = new WeakMap<object, { length: number; sorted: Array<[string, { time: number }]> }>();

function newestFirst<R extends { time: number }>(rows: Array<[string, R]>): Array<[string, R]> {
  const cached = newestFirstCache.get(rows);
  if (cached && cached.length === rows.length) return cached.sorted as Array<[string, R]>;
  const sorted = rows
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry[1].time - a.entry[1].time || b.index - a.index)
    .map(({ entry }) => entry);
  newestFirstCache.set(rows, { length: rows.length, sorted });
  return sorted;
}

/** Kraken's offset paging over a time-ordered map: (start, end], newest first, 50 from `ofs`. */
function pageOf<R extends { time: number }>(rows: Array<[string, R]>, params: Record<string, string>) {
  const start = asSeconds(params.start);
  const end = asSeconds(params.end);
  const ofs = params.ofs === undefined ? 0 : Number(params.ofs);
  if (start === 'invalid' || end === 'invalid' || !Number.isInteger(ofs) || ofs < 0) return null;
  const sorted = newestFirst(rows);
  /** The first index whose time is at or below `time` (the list is newest first). */
  const firstAtOrBelow = (time: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle]?.[1].time ?? 0) > time) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const matching = sorted.slice(
    end === null ? 0 : firstAtOrBelow(end),
    start === null ? sorted.length : firstAtOrBelow(start),
  );
  return { page: Object.fromEntries(matching.slice(ofs, ofs + pageSize)), count: matching.length };
}

function fundingPage(
  list: KrakenFundingRow[],
  params: Record<string, string>,
  key: 'deposit' | 'withdrawals',
) {
  const start = asSeconds(params.start);
  const end = asSeconds(params.end);
  if (start === 'invalid' || end === 'invalid') return null;
  const matching = list
    .filter((row) => (start === null || row.time >= start) && (end === null || row.time <= end))
    .filter((row) => params.asset === undefined || row.asset === params.asset)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => b.row.time - a.row.time || b.index - a.index)
    .map(({ row }) => row);
  const cursor = params.cursor;
  if (cursor === undefined || cursor === 'false') return matching;
  const from =
    cursor === 'true' ? 0 : Number(Buffer.from(cursor, 'base64').toString('utf8').replace(/^ofs:/, ''));
  if (!Number.isInteger(from) || from < 0) return null;
  const limit = params.limit === undefined ? fundingPageSize : Number(params.limit);
  const rows = matching.slice(from, from + limit);
  const next =
    from + limit < matching.length ? Buffer.from(`ofs:${from + limit}`).toString('base64') : undefined;
  return next === undefined ? { [key]: rows } : { [key]: rows, next_cursor: next };
}

function httpDate(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}

export async function startFakeKraken(options: FakeKrakenOptions = {}): Promise<FakeKraken> {
  const account = options.account ?? buildKrakenAccount({});
  const keys = options.keys ?? [fakeKrakenKey()];
  const now = options.now ?? Date.now;
  const faults = new FaultQueue<KrakenFault>();
  const requests: RecordedRequest[] = [];
  const lastNonce = new Map<string, number>();

  function publicAnswer(res: ServerResponse, method: string) {
    switch (method) {
      case 'Time': {
        const ms = now();
        return krakenResult(res, { unixtime: Math.floor(ms / 1000), rfc1123: httpDate(ms) });
      }
      case 'SystemStatus':
        return krakenResult(res, { status: 'online', timestamp: new Date(now()).toISOString() });
      case 'Assets':
        return krakenResult(
          res,
          Object.fromEntries(
            account.assets.map((asset) => [
              asset.id,
              {
                aclass: 'currency',
                altname: asset.altname,
                decimals: asset.decimals,
                display_decimals: asset.displayDecimals,
                collateral_value: 1,
                status: 'enabled',
              },
            ]),
          ),
        );
      case 'AssetPairs':
        return krakenResult(
          res,
          Object.fromEntries(
            account.pairs.map((pair) => [
              pair.id,
              {
                altname: pair.altname,
                wsname: pair.wsname,
                aclass_base: 'currency',
                base: pair.base,
                aclass_quote: 'currency',
                quote: pair.quote,
                lot: 'unit',
                cost_decimals: pair.costDecimals,
                pair_decimals: pair.pairDecimals,
                lot_decimals: pair.lotDecimals,
                lot_multiplier: 1,
                leverage_buy: [],
                leverage_sell: [],
                fees: [
                  [0, 0.26],
                  [50000, 0.24],
                ],
                fees_maker: [
                  [0, 0.16],
                  [50000, 0.14],
                ],
                fee_volume_currency: 'ZUSD',
                margin_call: 80,
                margin_stop: 40,
                ordermin: '0.0001',
                costmin: '0.5',
                tick_size: '0.1',
                status: 'online',
              },
            ]),
          ),
        );
      default:
        return krakenError(res, 'EGeneral:Unknown method');
    }
  }

  function privateAnswer(
    res: ServerResponse,
    method: string,
    key: FakeKrakenKey,
    params: Record<string, string>,
  ) {
    switch (method) {
      case 'Balance':
        return krakenResult(res, account.balances);
      case 'BalanceEx':
        return krakenResult(
          res,
          Object.fromEntries(
            Object.entries(account.balances).map(([asset, balance]) => [
              asset,
              { balance, hold_trade: '0.0000' },
            ]),
          ),
        );
      case 'TradesHistory': {
        const found = pageOf(account.trades, params);
        if (!found) return krakenError(res, 'EGeneral:Invalid arguments');
        return krakenResult(res, { trades: found.page, count: found.count });
      }
      case 'Ledgers': {
        const found = pageOf(account.ledger, params);
        if (!found) return krakenError(res, 'EGeneral:Invalid arguments');
        return krakenResult(res, { ledger: found.page, count: found.count });
      }
      case 'DepositStatus':
      case 'WithdrawStatus': {
        const deposit = method === 'DepositStatus';
        const found = fundingPage(
          deposit ? account.deposits : account.withdrawals,
          params,
          deposit ? 'deposit' : 'withdrawals',
        );
        if (!found) return krakenError(res, 'EGeneral:Invalid arguments');
        return krakenResult(res, found);
      }
      case 'GetApiKeyInfo': {
        const seconds = String(Math.floor(now() / 1000));
        return krakenResult(res, {
          apiKeyName: 'sync',
          apiKey: key.apiKey,
          nonce: String(lastNonce.get(key.apiKey) ?? 0),
          nonceWindow: 0,
          permissions: key.permissions,
          iban: 'AA00 FAKE KRAK ENXX',
          validUntil: '0',
          queryFrom: '0',
          queryTo: '0',
          createdTime: seconds,
          modifiedTime: seconds,
          ipAllowlist: [],
          lastUsed: seconds,
        });
      }
      default:
        return krakenError(res, 'EGeneral:Unknown method');
    }
  }

  /** Kraken's checks in its order: key, signature, nonce, permission. */
  function authenticate(
    req: IncomingMessage,
    path: string,
    body: string,
    params: Record<string, string>,
  ): { key: FakeKrakenKey; error?: undefined } | { key?: undefined; error: string } {
    const apiKey = req.headers['api-key'];
    const key = keys.find((candidate) => candidate.apiKey === apiKey);
    if (!key) return { error: 'EAPI:Invalid key' };
    const nonce = params.nonce;
    const sign = req.headers['api-sign'];
    if (nonce === undefined || typeof sign !== 'string') return { error: 'EAPI:Invalid signature' };
    if (!sameText(sign, krakenSignature(path, nonce, body, key.secret)))
      return { error: 'EAPI:Invalid signature' };
    const value = Number(nonce);
    if (!Number.isSafeInteger(value) || value <= (lastNonce.get(key.apiKey) ?? 0)) {
      return { error: 'EAPI:Invalid nonce' };
    }
    lastNonce.set(key.apiKey, value);
    return { key };
  }

  function answerFault(res: ServerResponse, fault: KrakenFault) {
    switch (fault.type) {
      case 'rate-limit':
        return krakenError(res, 'EAPI:Rate limit exceeded');
      case 'lockout':
        return krakenError(res, 'EGeneral:Temporary lockout');
      case 'maintenance':
        return krakenError(res, 'EService:Unavailable');
      case 'busy':
        return krakenError(res, 'EService:Busy');
      case 'error':
        return krakenError(res, fault.error);
      case 'unavailable':
        return sendText(
          res,
          fault.status ?? 503,
          '<html><head><title>503 Service Temporarily Unavailable</title></head><body>Service Unavailable</body></html>',
          'text/html',
        );
      case 'malformed':
        return sendText(res, 200, '{"error":[],"result":{"ledger":{"L4UESK-KG3EQ', 'application/json');
      case 'wrong-shape':
        return krakenResult(res, { unexpected: [{ time: 'yesterday' }] });
      case 'hang':
        return;
    }
  }

  const server = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : '';
    const match = /^\/0\/(public|private)\/([A-Za-z/]+)$/.exec(url.pathname);
    const isPrivate = match?.[1] === 'private';
    const params = isPrivate
      ? parseParams(body, req.headers['content-type'])
      : Object.fromEntries(url.searchParams);
    const { nonce: _nonce, ...logged } = params;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params: logged, timestamp: Date.now() });

    const fault = faults.take(url.pathname);
    if (fault) return answerFault(res, fault);
    if (!match) return sendText(res, 404, '<html><body>Not Found</body></html>', 'text/html');
    const method = match[2] ?? '';
    if (!isPrivate) return publicAnswer(res, method);
    if (req.method !== 'POST') return krakenError(res, 'EGeneral:Invalid arguments');
    const auth = authenticate(req, url.pathname, body, params);
    if (auth.key === undefined) return krakenError(res, auth.error);
    const needs = requiredPermission[method];
    if (needs === undefined) return krakenError(res, 'EGeneral:Unknown method');
    if (needs !== null && !auth.key.permissions.includes(needs))
      return krakenError(res, 'EGeneral:Permission denied');
    return privateAnswer(res, method, auth.key, logged);
  }, options.port);

  const [firstKey] = keys;
  if (!firstKey) throw new Error('the fake Kraken needs a key');
  return {
    url: server.url,
    account,
    key: firstKey,
    requests,
    setFault: (fault, faultOptions) => faults.set(fault, faultOptions),
    clearFaults: () => faults.clear(),
    useNonce: (apiKey, nonce) => {
      lastNonce.set(apiKey, Math.max(nonce, lastNonce.get(apiKey) ?? 0));
    },
    close: server.close,
  };
}
