import { type DailyCandle, dayMs, utcDay } from '@app/core';
import { UpstreamError } from '../upstream-error.ts';
import { type BinanceClientOptions, BinanceHttpClient } from './http-client.ts';
import { type BinanceKline, binanceKlinesSchema, binanceTickerPricesSchema } from './schemas.ts';
import { binanceQuoteAsset, binanceSymbolTable, buildSymbolIndex, type SymbolIndex } from './symbols.ts';

/** Documented request weights (binance-spot-api-docs rest-api.md). */
export const binanceWeights = {
  /** GET /api/v3/klines, any limit. */
  klines: 2,
  /** GET /api/v3/ticker/price without `symbol` (all pairs). */
  tickerPriceAll: 4,
} as const;
/** Klines per request: Binance's maximum `limit`. */
export const klinesPageSize = 1000;

export interface BinanceCandles {
  coinId: string;
  symbol: string;
  /** The asset the prices are in (USDT): a USD stablecoin, not US dollars. */
  quote: string;
  /** Completed UTC days, oldest first, without gaps Binance did not have. */
  candles: DailyCandle[];
  requests: number;
}

export interface BinancePrice {
  symbol: string;
  quote: string;
  price: number;
}

export interface BinanceMarketDataOptions extends BinanceClientOptions {
  /** The coin id → pair table; the checked bundled table by default. */
  symbols?: Readonly<Record<string, string>>;
}

/**
 * Binance as the second real market-data source: daily candles reaching back years (for
 * history older than CoinGecko's 365-day window) and current prices (for when CoinGecko is
 * rate limited or down). Only coins in the checked symbol table are ever asked for.
 */
export class BinanceMarketData {
  readonly http: BinanceHttpClient;
  readonly symbols: SymbolIndex;
  readonly quote = binanceQuoteAsset;

  constructor(options: BinanceMarketDataOptions = {}) {
    this.http = new BinanceHttpClient(options);
    this.symbols = buildSymbolIndex(options.symbols ?? binanceSymbolTable, (symbol, coinIds) =>
      options.logger?.warn(
        { provider: 'binance', symbol, coinIds },
        'Binance pair claimed by several coins (or malformed): refused for all of them',
      ),
    );
  }

  /** True when the coin has exactly one checked pair. */
  lists(coinId: string): boolean {
    return this.symbols.symbolOf(coinId) !== undefined;
  }

  /**
   * Completed daily candles for UTC days fromDay..toDay (inclusive), paging 1,000 per request.
   * Days not finished yet (or "in the future" by a skewed clock) are dropped, so a stored day
   * never changes. A failed page fails the whole call: nothing half-fetched reaches the store.
   */
  async dailyCandles(coinId: string, fromDay: string, toDay: string): Promise<BinanceCandles> {
    const symbol = this.symbols.symbolOf(coinId);
    if (symbol === undefined) {
      throw new UpstreamError({
        kind: 'not_found',
        message: `No checked Binance pair for ${coinId}`,
        endpoint: 'api/v3/klines',
      });
    }
    return { coinId, ...(await this.pairCandles(symbol, fromDay, toDay)) };
  }

  /** Completed daily candles of a pair named directly (the fixed currency pairs, e.g. EURUSDT). */
  async pairCandles(symbol: string, fromDay: string, toDay: string): Promise<Omit<BinanceCandles, 'coinId'>> {
    const now = this.http.now();
    const start = Date.parse(`${fromDay}T00:00:00.000Z`);
    const end = Math.min(Date.parse(`${toDay}T00:00:00.000Z`) + dayMs - 1, now);
    const candles: DailyCandle[] = [];
    let requests = 0;
    for (let from = start; from <= end; ) {
      const page = await this.http.get(
        'api/v3/klines',
        { symbol, interval: '1d', startTime: from, endTime: end, limit: klinesPageSize },
        binanceWeights.klines,
        binanceKlinesSchema,
      );
      requests += 1;
      let lastOpen = -1;
      for (const kline of page) {
        checkKline(kline, lastOpen);
        lastOpen = kline[0];
        const candle = completedDay(kline, now);
        if (candle && kline[0] >= start && kline[0] <= end) candles.push(candle);
      }
      if (page.length < klinesPageSize || lastOpen < from) break;
      from = lastOpen + dayMs;
    }
    return { symbol, quote: this.quote, candles, requests };
  }

  /**
   * Latest prices of the listed coins among `coinIds`, in USDT. One call for every pair
   * (weight 4, the same as a `symbols` list, and immune to one delisted pair failing it all).
   */
  async currentPrices(coinIds: readonly string[]): Promise<Map<string, BinancePrice>> {
    const wanted = new Set(coinIds.filter((id) => this.lists(id)));
    const out = new Map<string, BinancePrice>();
    if (wanted.size === 0) return out;
    const body = await this.http.get(
      'api/v3/ticker/price',
      {},
      binanceWeights.tickerPriceAll,
      binanceTickerPricesSchema,
    );
    for (const { symbol, price } of body) {
      const coinId = this.symbols.coinOf(symbol);
      if (coinId === undefined || !wanted.has(coinId) || !(price > 0)) continue;
      out.set(coinId, { symbol, quote: this.quote, price });
    }
    return out;
  }

  /** When Binance last answered well (null: never). */
  lastSuccessAt(): Date | null {
    const at = this.http.lastSuccessAt;
    return at === null ? null : new Date(at);
  }
}

/** A kline that contradicts itself makes the whole body untrustworthy. */
function checkKline(kline: BinanceKline, previousOpen: number): void {
  const [openTime, open, high, low, close] = kline;
  const sane =
    openTime > previousOpen &&
    low > 0 &&
    low <= Math.min(open, close) &&
    high >= Math.max(open, close) &&
    kline[6] > openTime;
  if (!sane) {
    throw new UpstreamError({
      kind: 'malformed',
      message: 'Binance kline out of order or inconsistent',
      endpoint: 'api/v3/klines',
    });
  }
}

/** The candle of a finished UTC day; null for the open day, a future one, or a misaligned bar. */
function completedDay(kline: BinanceKline, now: number): DailyCandle | null {
  const [openTime, open, high, low, close] = kline;
  const closeTime = kline[6];
  if (openTime % dayMs !== 0 || closeTime !== openTime + dayMs - 1) return null;
  if (closeTime >= now) return null;
  return { day: utcDay(openTime), open, high, low, close };
}
