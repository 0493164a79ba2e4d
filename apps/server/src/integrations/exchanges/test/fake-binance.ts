import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BinanceAccount, type BinanceKeyRestrictions, buildBinanceAccount } from './binance-account.ts';
import {
  type FaultOptions,
  FaultQueue,
  listenOnLoopback,
  type RecordedRequest,
  sendJson,
  sendText,
} from './fake-exchange-server.ts';

/**
 * A fake Binance spot and wallet REST API on 127.0.0.1, answering what ccxt's binance class and
 * our readers call, the way Binance answers them: exchangeInfo, time and ping; signed account,
 * myTrades (per symbol; fromId, or startTime/endTime no more than 24 hours apart; limit ≤ 1000),
 * capital/deposit/hisrec and capital/withdraw/history (newest first, offset and limit ≤ 1000,
 * windows under 90 days, the last 90 days by default), asset/assetDividend (newest first, limit ≤
 * 500, windows up to 180 days) and account/apiRestrictions. Signed calls are checked like Binance
 * checks them: X-MBX-APIKEY must be a known key, `timestamp` within `recvWindow` of the server's
 * clock (and not over a second ahead), `signature` the HMAC-SHA256 of the query before it. Request
 * weight is counted per minute and reported in X-MBX-USED-WEIGHT-1M; past the limit it answers 429
 * with Retry-After. Errors are Binance's {"code":-2015,"msg":"…"} bodies with its HTTP statuses.
 */
export type BinanceFault =
  | { type: 'rate-limit'; retryAfterSeconds?: number }
  | { type: 'ban'; retryAfterSeconds?: number }
  | { type: 'maintenance' }
  /** An HTTP error page in front of the API. */
  | { type: 'unavailable'; status?: number }
  | { type: 'malformed' }
  | { type: 'wrong-shape' }
  | { type: 'hang' }
  | { type: 'error'; status: number; code: number; msg: string };

export interface FakeBinanceKey {
  apiKey: string;
  secret: string;
  restrictions: BinanceKeyRestrictions;
}

export function readOnlyBinanceRestrictions(): BinanceKeyRestrictions {
  return {
    ipRestrict: false,
    createTime: Date.parse('2024-03-01T00:00:00Z'),
    enableReading: true,
    enableWithdrawals: false,
    enableInternalTransfer: false,
    enableMargin: false,
    enableFutures: false,
    permitsUniversalTransfer: false,
    enableVanillaOptions: false,
    enableFixApiTrade: false,
    enableFixReadOnly: false,
    enableSpotAndMarginTrading: false,
    enablePortfolioMarginTrading: false,
  };
}

/** Binance's HMAC keys and secrets are 64 letters and digits. */
export function fakeBinanceKey(label = 'main', restrictions = readOnlyBinanceRestrictions()): FakeBinanceKey {
  const letters = (seed: string) =>
    createHash('sha512')
      .update(seed)
      .digest('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 64);
  return {
    apiKey: letters(`binance-key:${label}`),
    secret: letters(`binance-secret:${label}`),
    restrictions,
  };
}

export interface FakeBinanceOptions {
  account?: BinanceAccount;
  keys?: FakeBinanceKey[];
  /** Binance's clock (epoch ms); the real clock by default. */
  now?: () => number;
  /** Request weight allowed per minute (Binance: 6000). */
  weightLimit?: number;
  port?: number;
}

export interface FakeBinance {
  url: string;
  /** Live: what a test adds to it is served from the next request on. */
  account: BinanceAccount;
  key: FakeBinanceKey;
  requests: RecordedRequest[];
  setFault(fault: BinanceFault, options?: FaultOptions): void;
  clearFaults(): void;
  /** Moves Binance's clock away from this machine's, as a skewed clock would. */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

const dayMs = 86_400_000;
const hourMs = 3_600_000;

const weights: Readonly<Record<string, number>> = {
  '/api/v3/ping': 1,
  '/api/v3/time': 1,
  '/api/v3/exchangeInfo': 20,
  '/api/v3/account': 20,
  '/api/v3/myTrades': 20,
  '/sapi/v1/capital/deposit/hisrec': 1,
  '/sapi/v1/capital/withdraw/history': 1,
  '/sapi/v1/asset/assetDividend': 10,
  '/sapi/v1/account/apiRestrictions': 1,
};
const signed = new Set([
  '/api/v3/account',
  '/api/v3/myTrades',
  '/sapi/v1/capital/deposit/hisrec',
  '/sapi/v1/capital/withdraw/history',
  '/sapi/v1/asset/assetDividend',
  '/sapi/v1/account/apiRestrictions',
]);

class BinanceRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

const refuse = (status: number, code: number, msg: string): never => {
  throw new BinanceRefusal(status, code, msg);
};

function integerParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!/^\d+$/.test(value))
    refuse(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
  return Number(value);
}

function limitParam(params: URLSearchParams, fallback: number, max: number): number {
  const limit = integerParam(params, 'limit') ?? fallback;
  if (limit < 1 || limit > max)
    refuse(400, -1102, `'limit' contains unexpected value. Cannot be greater than ${max}.`);
  return limit;
}

/** [startTime, endTime] with Binance's defaults and its ceiling on the span. */
function windowParams(params: URLSearchParams, now: number, defaultSpan: number, maxSpan: number) {
  const end = integerParam(params, 'endTime') ?? now;
  const start = integerParam(params, 'startTime') ?? end - defaultSpan;
  if (start > end) refuse(400, -1127, 'Lookup interval is too big.');
  if (end - start >= maxSpan)
    refuse(400, -1127, `More than ${maxSpan / hourMs} hours between startTime and endTime.`);
  return { start, end };
}

function parseUtc(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

export async function startFakeBinance(options: FakeBinanceOptions = {}): Promise<FakeBinance> {
  const account = options.account ?? buildBinanceAccount({});
  const keys = options.keys ?? [fakeBinanceKey()];
  const now = options.now ?? Date.now;
  const weightLimit = options.weightLimit ?? 6000;
  const faults = new FaultQueue<BinanceFault>();
  const requests: RecordedRequest[] = [];
  let clockOffset = 0;
  let weightMinute = 0;
  let weightUsed = 0;
  const serverNow = () => now() + clockOffset;

  function authenticate(req: IncomingMessage, rawQuery: string, params: URLSearchParams): FakeBinanceKey {
    const apiKey = req.headers['x-mbx-apikey'];
    if (typeof apiKey !== 'string' || !/^[A-Za-z0-9]{64}$/.test(apiKey))
      refuse(401, -2014, 'API-key format invalid.');
    const key = keys.find((candidate) => candidate.apiKey === apiKey);
    if (!key) return refuse(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const timestamp = integerParam(params, 'timestamp');
    if (timestamp === undefined) {
      refuse(400, -1102, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.");
    }
    const recvWindow = Number(params.get('recvWindow') ?? '5000');
    if (!(recvWindow > 0) || recvWindow > 60_000) refuse(400, -1131, 'recvWindow must be less than 60000');
    const server = serverNow();
    if ((timestamp as number) >= server + 1000 || server - (timestamp as number) > recvWindow) {
      refuse(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    }
    const at = rawQuery.lastIndexOf('&signature=');
    const signature = at < 0 ? '' : rawQuery.slice(at + '&signature='.length);
    const expected = createHmac('sha256', key.secret)
      .update(rawQuery.slice(0, Math.max(at, 0)))
      .digest('hex');
    if (signature.toLowerCase() !== expected) refuse(400, -1022, 'Signature for this request is not valid.');
    return key;
  }

  function exchangeInfo() {
    return {
      timezone: 'UTC',
      serverTime: serverNow(),
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: weightLimit },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
        { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
      ],
      exchangeFilters: [],
      symbols: account.symbols.map((info) => ({
        symbol: info.symbol,
        status: info.status,
        baseAsset: info.baseAsset,
        baseAssetPrecision: 8,
        quoteAsset: info.quoteAsset,
        quotePrecision: 8,
        quoteAssetPrecision: 8,
        baseCommissionPrecision: 8,
        quoteCommissionPrecision: 8,
        orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
        icebergAllowed: true,
        ocoAllowed: true,
        otoAllowed: true,
        quoteOrderQtyMarketAllowed: true,
        allowTrailingStop: true,
        cancelReplaceAllowed: true,
        amendAllowed: true,
        isSpotTradingAllowed: true,
        isMarginTradingAllowed: false,
        filters: [
          {
            filterType: 'PRICE_FILTER',
            minPrice: '0.01000000',
            maxPrice: '1000000.00000000',
            tickSize: '0.01000000',
          },
          { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
          {
            filterType: 'NOTIONAL',
            minNotional: '5.00000000',
            applyMinToMarket: true,
            maxNotional: '9000000.00000000',
            applyMaxToMarket: false,
            avgPriceMins: 5,
          },
        ],
        permissions: [],
        permissionSets: [['SPOT']],
        defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
        allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
      })),
    };
  }

  function myTrades(params: URLSearchParams) {
    const symbol = params.get('symbol');
    if (symbol === null)
      refuse(400, -1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.");
    if (!account.symbols.some((info) => info.symbol === symbol)) refuse(400, -1121, 'Invalid symbol.');
    const limit = limitParam(params, 500, 1000);
    const fromId = integerParam(params, 'fromId');
    const startTime = integerParam(params, 'startTime');
    const endTime = integerParam(params, 'endTime');
    if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) {
      refuse(400, -1128, 'Combination of optional parameters invalid.');
    }
    if (startTime !== undefined && endTime !== undefined && endTime - startTime > dayMs) {
      refuse(400, -1127, 'More than 24 hours between startTime and endTime.');
    }
    const mine = account.trades.filter((trade) => trade.symbol === symbol).sort((a, b) => a.id - b.id);
    if (fromId !== undefined) return mine.filter((trade) => trade.id >= fromId).slice(0, limit);
    if (startTime !== undefined) {
      const until = endTime ?? startTime + dayMs;
      return mine.filter((trade) => trade.time >= startTime && trade.time <= until).slice(0, limit);
    }
    const upTo = mine.filter((trade) => endTime === undefined || trade.time <= endTime);
    return upTo.slice(Math.max(0, upTo.length - limit));
  }

  function fundingList<R>(
    params: URLSearchParams,
    rows: R[],
    timeOf: (row: R) => number,
    coinOf: (row: R) => string,
  ) {
    const { start, end } = windowParams(params, serverNow(), 90 * dayMs, 90 * dayMs);
    const offset = integerParam(params, 'offset') ?? 0;
    const limit = limitParam(params, 1000, 1000);
    const coin = params.get('coin');
    return rows
      .filter((row) => timeOf(row) >= start && timeOf(row) <= end && (coin === null || coinOf(row) === coin))
      .sort((a, b) => timeOf(b) - timeOf(a))
      .slice(offset, offset + limit);
  }

  function answer(path: string, params: URLSearchParams, key: FakeBinanceKey | null): unknown {
    switch (path) {
      case '/api/v3/ping':
        return {};
      case '/api/v3/time':
        return { serverTime: serverNow() };
      case '/api/v3/exchangeInfo':
        return exchangeInfo();
      case '/api/v3/account': {
        const omitZero = params.get('omitZeroBalances') === 'true';
        return {
          makerCommission: 10,
          takerCommission: 10,
          buyerCommission: 0,
          sellerCommission: 0,
          commissionRates: {
            maker: '0.00100000',
            taker: '0.00100000',
            buyer: '0.00000000',
            seller: '0.00000000',
          },
          canTrade: true,
          canWithdraw: true,
          canDeposit: true,
          brokered: false,
          requireSelfTradePrevention: false,
          preventSor: false,
          updateTime: serverNow(),
          accountType: 'SPOT',
          balances: omitZero
            ? account.balances.filter((b) => Number(b.free) !== 0 || Number(b.locked) !== 0)
            : account.balances,
          permissions: ['SPOT'],
          uid: 354937868,
        };
      }
      case '/api/v3/myTrades':
        return myTrades(params);
      case '/sapi/v1/capital/deposit/hisrec':
        return fundingList(
          params,
          account.deposits,
          (row) => row.insertTime,
          (row) => row.coin,
        );
      case '/sapi/v1/capital/withdraw/history':
        return fundingList(
          params,
          account.withdrawals,
          (row) => parseUtc(row.applyTime),
          (row) => row.coin,
        );
      case '/sapi/v1/asset/assetDividend': {
        const { start, end } = windowParams(params, serverNow(), 30 * dayMs, 180 * dayMs + 1);
        const limit = limitParam(params, 20, 500);
        const asset = params.get('asset');
        const rows = account.dividends
          .filter(
            (row) => row.divTime >= start && row.divTime <= end && (asset === null || row.asset === asset),
          )
          .sort((a, b) => b.divTime - a.divTime);
        return { rows: rows.slice(0, limit), total: rows.length };
      }
      case '/sapi/v1/account/apiRestrictions':
        return key?.restrictions ?? refuse(401, -2015, 'Invalid API-key, IP, or permissions for action.');
      default:
        return undefined;
    }
  }

  function answerFault(res: ServerResponse, fault: BinanceFault) {
    switch (fault.type) {
      case 'rate-limit':
        return sendJson(
          res,
          429,
          {
            code: -1003,
            msg: `Too much request weight used; current limit is ${weightLimit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
          },
          { 'retry-after': String(fault.retryAfterSeconds ?? 30) },
        );
      case 'ban': {
        const seconds = fault.retryAfterSeconds ?? 120;
        return sendJson(
          res,
          418,
          {
            code: -1003,
            msg: `Way too much request weight used; IP banned until ${serverNow() + seconds * 1000}. Please use WebSocket Streams for live updates to avoid bans.`,
          },
          { 'retry-after': String(seconds) },
        );
      }
      case 'maintenance':
        return sendJson(res, 503, { code: 1, msg: 'System is under maintenance.' });
      case 'unavailable':
        return sendText(
          res,
          fault.status ?? 502,
          '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
          'text/html',
        );
      case 'malformed':
        return sendText(res, 200, '[{"symbol":"BTCUSDT","id":28457,"price":"4.000', 'application/json');
      case 'wrong-shape':
        return sendJson(res, 200, [{ symbol: 'BTCUSDT', id: 'twenty', price: 4 }]);
      case 'error':
        return sendJson(res, fault.status, { code: fault.code, msg: fault.msg });
      case 'hang':
        return;
    }
  }

  const server = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const params = url.searchParams;
    const logged = Object.fromEntries([...params].filter(([name]) => name !== 'signature'));
    requests.push({ method: req.method ?? 'GET', path, params: logged, timestamp: Date.now() });

    const fault = faults.take(path);
    if (fault) return answerFault(res, fault);
    const weight = weights[path];
    if (weight === undefined) return sendText(res, 404, '', 'text/html');

    const minute = Math.floor(serverNow() / 60_000);
    if (minute !== weightMinute) {
      weightMinute = minute;
      weightUsed = 0;
    }
    weightUsed += weight;
    const usedHeader = { 'x-mbx-used-weight-1m': String(weightUsed) };
    if (weightUsed > weightLimit) {
      const retryAfter = Math.max(1, Math.ceil(((minute + 1) * 60_000 - serverNow()) / 1000));
      return sendJson(
        res,
        429,
        {
          code: -1003,
          msg: `Too much request weight used; current limit is ${weightLimit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
        },
        { ...usedHeader, 'retry-after': String(retryAfter) },
      );
    }
    try {
      const key = signed.has(path) ? authenticate(req, url.search.slice(1), params) : null;
      return sendJson(res, 200, answer(path, params, key), usedHeader);
    } catch (error) {
      if (!(error instanceof BinanceRefusal)) throw error;
      return sendJson(res, error.status, { code: error.code, msg: error.message }, usedHeader);
    }
  }, options.port);

  const [firstKey] = keys;
  if (!firstKey) throw new Error('the fake Binance needs a key');
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
