import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { binanceSymbolTable } from '../binance/symbols.ts';

/**
 * A fake Binance spot REST API on 127.0.0.1 speaking the documented protocol
 * (binance-spot-api-docs rest-api.md): klines as arrays whose prices are decimal strings,
 * `limit` up to 1000, startTime/endTime in ms, the still-open current day included, request
 * weight counted per IP per minute and reported in X-MBX-USED-WEIGHT-1m, 429 + Retry-After
 * past the limit, {"code","msg"} error bodies. Prices are a deterministic function of the
 * symbol and day (fakeBinanceClose), so tests can say which figure must come out where.
 */
export type BinanceFault =
  /** Answer this request normally (to script a fault on a later one). */
  | { type: 'none' }
  | { type: 'status'; status: number; retryAfter?: string; body?: string }
  | { type: 'hang' }
  | { type: 'invalid-json' }
  | { type: 'wrong-shape' }
  /** A page of klines whose last row lacks its close price. */
  | { type: 'partial' };

export interface BinanceRecordedRequest {
  path: string;
  query: URLSearchParams;
  weight: number;
}

export interface FakeBinance {
  baseUrl: string;
  requests: BinanceRecordedRequest[];
  /** Total weight charged since start (or the last reset). */
  usedWeight(): number;
  fail(...faults: BinanceFault[]): void;
  failAlways(fault: BinanceFault | null): void;
  /** Lists a pair from `firstDay` (YYYY-MM-DD); bundled pairs from 2017-08-17, EURUSDT from 2020-01-03. */
  list(symbol: string, firstDay: string): void;
  delist(symbol: string): void;
  reset(): void;
  close(): Promise<void>;
}

const dayMs = 86_400_000;
const defaultFirstDay = '2017-08-17';
const intervals = new Set([
  '1s',
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
]);

function seedOf(symbol: string): number {
  let h = 2166136261;
  for (const ch of symbol) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The fake close of `symbol` on UTC day number `day` (days since 1970-01-01), 8 decimals. */
export function fakeBinanceClose(symbol: string, day: number): number {
  const seed = seedOf(symbol);
  const base = 1 + (seed % 5000);
  const wave = 1 + 0.25 * Math.sin((day + (seed % 97)) / 23) + 0.1 * Math.sin(day / 5.3);
  return Math.round(base * wave * 1e8) / 1e8;
}

function fakeOpen(symbol: string, day: number): number {
  return fakeBinanceClose(symbol, day - 1);
}

function decimal(value: number): string {
  return value.toFixed(8);
}

function kline(symbol: string, day: number): unknown[] {
  const open = fakeOpen(symbol, day);
  const close = fakeBinanceClose(symbol, day);
  const high = Math.max(open, close) * 1.02;
  const low = Math.min(open, close) * 0.98;
  const openTime = day * dayMs;
  return [
    openTime,
    decimal(open),
    decimal(high),
    decimal(low),
    decimal(close),
    '1234.50000000',
    openTime + dayMs - 1,
    decimal(1234.5 * close),
    4242,
    '600.00000000',
    decimal(600 * close),
    '0',
  ];
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(body);
}

function error(code: number, msg: string): string {
  return JSON.stringify({ code, msg });
}

export async function startFakeBinance(
  options: { now?: () => number; weightLimitPerMinute?: number } = {},
): Promise<FakeBinance> {
  const now = options.now ?? Date.now;
  const limit = options.weightLimitPerMinute ?? 6000;
  const requests: BinanceRecordedRequest[] = [];
  const queue: BinanceFault[] = [];
  let always: BinanceFault | null = null;
  let total = 0;
  let minute = { at: -1, weight: 0 };
  const listed = new Map<string, number>();
  const listDefaults = () => {
    listed.clear();
    for (const symbol of Object.values(binanceSymbolTable))
      listed.set(symbol, Math.floor(Date.parse(`${defaultFirstDay}T00:00:00Z`) / dayMs));
    // The euro's pair opened later (Binance listed EURUSDT in January 2020).
    listed.set('EURUSDT', Math.floor(Date.parse('2020-01-03T00:00:00Z') / dayMs));
  };
  listDefaults();

  function charge(weight: number): { used: number; over: boolean } {
    const m = Math.floor(now() / 60_000);
    if (minute.at !== m) minute = { at: m, weight: 0 };
    minute.weight += weight;
    total += weight;
    return { used: minute.weight, over: minute.weight > limit };
  }

  function klines(query: URLSearchParams): { status: number; body: string } {
    const symbol = query.get('symbol');
    const interval = query.get('interval');
    if (!symbol)
      return {
        status: 400,
        body: error(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed."),
      };
    if (!interval)
      return {
        status: 400,
        body: error(-1102, "Mandatory parameter 'interval' was not sent, was empty/null, or malformed."),
      };
    if (!intervals.has(interval)) return { status: 400, body: error(-1120, 'Invalid interval.') };
    const first = listed.get(symbol);
    if (first === undefined) return { status: 400, body: error(-1121, 'Invalid symbol.') };
    if (interval !== '1d') return { status: 200, body: '[]' }; // the fake only keeps daily bars
    const rawLimit = query.get('limit');
    const max = rawLimit === null ? 500 : Number(rawLimit);
    if (!Number.isInteger(max) || max < 1 || max > 1000)
      return { status: 400, body: error(-1130, "Data sent for parameter 'limit' is not valid.") };
    const today = Math.floor(now() / dayMs);
    const startTime = query.get('startTime');
    const endTime = query.get('endTime');
    const endDay = Math.min(today, endTime === null ? today : Math.floor(Number(endTime) / dayMs));
    // Without startTime Binance answers the most recent bars.
    let startDay = startTime === null ? endDay - max + 1 : Math.ceil(Number(startTime) / dayMs);
    startDay = Math.max(startDay, first);
    const rows: unknown[] = [];
    for (let d = startDay; d <= endDay && rows.length < max; d++) rows.push(kline(symbol, d));
    return { status: 200, body: JSON.stringify(rows) };
  }

  function tickerPrice(query: URLSearchParams): { status: number; body: string; weight: number } {
    const today = Math.floor(now() / dayMs);
    const priceOf = (symbol: string) => ({ symbol, price: decimal(fakeBinanceClose(symbol, today)) });
    const one = query.get('symbol');
    const many = query.get('symbols');
    if (one !== null) {
      if (!listed.has(one)) return { status: 400, body: error(-1121, 'Invalid symbol.'), weight: 2 };
      return { status: 200, body: JSON.stringify(priceOf(one)), weight: 2 };
    }
    if (many !== null) {
      let list: unknown;
      try {
        list = JSON.parse(many);
      } catch {
        return {
          status: 400,
          body: error(-1100, "Illegal characters found in parameter 'symbols'."),
          weight: 4,
        };
      }
      if (!Array.isArray(list) || list.some((s) => typeof s !== 'string' || !listed.has(s)))
        return { status: 400, body: error(-1121, 'Invalid symbol.'), weight: 4 };
      return { status: 200, body: JSON.stringify(list.map((s: string) => priceOf(s))), weight: 4 };
    }
    return { status: 200, body: JSON.stringify([...listed.keys()].map(priceOf)), weight: 4 };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const weight =
      path === '/api/v3/klines'
        ? 2
        : path === '/api/v3/ticker/price'
          ? url.searchParams.has('symbol')
            ? 2
            : 4
          : 1;
    requests.push({ path, query: url.searchParams, weight });
    const { used, over } = charge(weight);
    const headers = { 'x-mbx-used-weight': String(used), 'x-mbx-used-weight-1m': String(used) };
    const fault = queue.shift() ?? always;
    if (fault?.type === 'hang') return;
    if (fault?.type === 'status') {
      const extra: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return send(res, fault.status, fault.body ?? error(-1003, 'Too much request weight used.'), {
        ...headers,
        ...extra,
      });
    }
    if (over) {
      const retry = String(60 - Math.floor((now() % 60_000) / 1000));
      return send(
        res,
        429,
        error(-1003, `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE.`),
        {
          ...headers,
          'retry-after': retry,
        },
      );
    }
    if (fault?.type === 'invalid-json') return send(res, 200, '[[1500000000000, "1.0", ', headers);
    if (fault?.type === 'wrong-shape') return send(res, 200, JSON.stringify({ unexpected: true }), headers);
    if (path === '/api/v3/klines') {
      const answer = klines(url.searchParams);
      if (fault?.type === 'partial' && answer.status === 200) {
        const rows = JSON.parse(answer.body) as unknown[][];
        const last = rows.at(-1);
        if (last) last.splice(4, 1);
        return send(res, 200, JSON.stringify(rows), headers);
      }
      return send(res, answer.status, answer.body, headers);
    }
    if (path === '/api/v3/ticker/price') {
      const answer = tickerPrice(url.searchParams);
      return send(res, answer.status, answer.body, headers);
    }
    if (path === '/api/v3/ping') return send(res, 200, '{}', headers);
    send(res, 404, error(-1000, 'Unknown path.'), headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    usedWeight: () => total,
    fail: (...faults) => queue.push(...faults),
    failAlways: (fault) => {
      always = fault;
    },
    list: (symbol, firstDay) => {
      listed.set(symbol, Math.floor(Date.parse(`${firstDay}T00:00:00Z`) / dayMs));
    },
    delist: (symbol) => {
      listed.delete(symbol);
    },
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      always = null;
      total = 0;
      minute = { at: -1, weight: 0 };
      listDefaults();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
