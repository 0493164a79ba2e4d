import type {
  CoinDetails,
  CoinMarket,
  ExchangeRates,
  GlobalData,
  MarketChart,
  MarketSource,
  OhlcRow,
  SearchResult,
  Trending,
} from '@app/contracts';
import { emptyCoinSocial, marketLimits } from '@app/contracts';
import { normaliseSearchQuery, searchMatchScore } from '@app/core';
import type { ChartDays, ListMarketsParams, MarketDataProvider } from '../provider.ts';
import { UpstreamError } from '../upstream-error.ts';
import { categoryName } from './categories.ts';
import { loadSnapshotDataset, type SnapshotDataset, shiftDataset, utcDaysBetween } from './dataset.ts';
import { dayMs, hourMs, type PriceModel } from './price-model.ts';
import { SnapshotMarket } from './snapshot-market.ts';

export interface SnapshotProviderOptions {
  dataset?: SnapshotDataset;
  /** Injected so tests can pin the simulated market to an instant. */
  now?: () => number;
  /**
   * A UTC day (YYYY-MM-DD) whose market to show on any day: the simulation's calendar is moved
   * so that today draws what that day drew, at the same time of day. Dates on the wire stay real,
   * so charts still end now, and the snapshot's own date is still the day it was taken; only
   * what the simulation drew is pinned. For tests and screenshots, which must see the same
   * screens whatever day they run.
   */
  demoDate?: string;
}

const fiatNames: Record<string, { name: string; unit: string }> = {
  usd: { name: 'US Dollar', unit: '$' },
  eur: { name: 'Euro', unit: '€' },
  gbp: { name: 'British Pound Sterling', unit: '£' },
  jpy: { name: 'Japanese Yen', unit: '¥' },
};

/** Like CoinGecko's automatic granularity: 5-minutely for 1 day, hourly to 90 days, then daily. */
function chartStep(days: number, interval: 'daily' | undefined): number {
  if (interval === 'daily' || days > 90) return dayMs;
  return days <= 1 ? 5 * 60_000 : hourMs;
}

/** CoinGecko's OHLC candle sizes: 30 min for 1–2 days, 4 h up to 30 days, 4 days beyond. */
function candleSize(days: number): number {
  if (days <= 2) return 30 * 60_000;
  return days <= 30 ? 4 * hourMs : 4 * dayMs;
}

/**
 * The offline market: the committed dataset plus a deterministic simulation up to "now",
 * behind the same interface as CoinGecko. Everything is computed from (dataset, time).
 */
export class SnapshotProvider implements MarketDataProvider {
  private readonly market: SnapshotMarket;
  private readonly now: () => number;

  constructor(options: SnapshotProviderOptions = {}) {
    const clock = options.now ?? Date.now;
    const dataset = options.dataset ?? loadSnapshotDataset();
    const pinned = options.demoDate === undefined ? undefined : Date.parse(`${options.demoDate}T00:00:00Z`);
    if (pinned !== undefined && !Number.isFinite(pinned))
      throw new Error(`demoDate: ${options.demoDate} is not a day`);
    this.market = new SnapshotMarket(
      pinned === undefined ? dataset : shiftDataset(dataset, utcDaysBetween(pinned, clock())),
    );
    // Whole seconds: finer moves add nothing on screen and defeat the per-instant memo.
    this.now = () => Math.floor(clock() / 1000) * 1000;
  }

  get dataset(): SnapshotDataset {
    return this.market.dataset;
  }

  private vs(code: string): string {
    const vs = code.toLowerCase();
    if (!this.market.supports(vs)) {
      throw new UpstreamError({
        kind: 'rejected',
        status: 400,
        message: `Unsupported vs_currency: ${code}`,
        endpoint: 'snapshot',
      });
    }
    return vs;
  }

  private daysBack(days: ChartDays, t: number): number {
    if (days === 'max') return Math.ceil((t - this.dataset.firstDayMs) / dayMs);
    if (!Number.isFinite(days) || days <= 0) {
      throw new UpstreamError({
        kind: 'rejected',
        status: 400,
        message: 'days must be positive',
        endpoint: 'snapshot',
      });
    }
    return days;
  }

  async listMarkets(params: ListMarketsParams): Promise<CoinMarket[]> {
    const vs = this.vs(params.vsCurrency);
    let coins = this.market.allCoinsAt(vs, this.now(), params.sparkline);
    if (params.ids && params.ids.length > 0) {
      const wanted = new Set(params.ids);
      coins = coins.filter((c) => wanted.has(c.id));
    }
    if (params.category) {
      const category = params.category;
      coins = coins.filter((c) => c.categories?.includes(category));
    }
    const order = params.order ?? 'market_cap_desc';
    const key = order.startsWith('volume') ? 'total_volume' : 'market_cap';
    const sign = order.endsWith('asc') ? 1 : -1;
    coins.sort((a, b) => sign * ((a[key] ?? 0) - (b[key] ?? 0)));
    const start = (Math.max(1, params.page) - 1) * params.perPage;
    return coins.slice(start, start + params.perPage);
  }

  async coinDetails(id: string, vsCurrency = 'usd'): Promise<CoinDetails> {
    const vs = this.vs(vsCurrency);
    const model = this.market.model(id);
    const t = this.now();
    const rank = this.market.allCoinsAt('usd', t, false).find((c) => c.id === id)?.market_cap_rank ?? null;
    const coin = this.market.coinAt(model, vs, t, true);
    return {
      ...coin,
      market_cap_rank: rank,
      vs_currency: vs,
      description: `${coin.name} (${coin.symbol.toUpperCase()}): offline snapshot entry. Supplies and the all-time high are approximate; prices after the snapshot's day and all intraday moves are simulated.`,
      genesis_date: null,
      categories: (coin.categories ?? []).map(categoryName),
      links: { homepage: [], blockchain_site: [], twitter_screen_name: null, subreddit_url: null, repos: [] },
      social: emptyCoinSocial,
    };
  }

  async marketChart(
    id: string,
    vsCurrency: string,
    days: ChartDays,
    options?: { interval?: 'daily' },
  ): Promise<MarketChart> {
    const vs = this.vs(vsCurrency);
    const model = this.market.model(id);
    const t = this.now();
    const back = this.daysBack(days, t);
    const step = chartStep(back, options?.interval);
    const start = Math.max(this.dataset.firstDayMs, t - back * dayMs);
    const times: number[] = [];
    for (let at = Math.ceil(start / step) * step; at < t; at += step) times.push(at);
    times.push(t); // the live point, off the grid like CoinGecko's
    const chart: MarketChart = { prices: [], market_caps: [], total_volumes: [] };
    const supply = model.coin.circulatingSupply;
    for (const at of times) {
      const price = this.market.priceAt(model, vs, at);
      chart.prices.push([at, price]);
      chart.market_caps.push([at, supply === null ? 0 : price * supply]);
      chart.total_volumes.push([at, model.volumeAt(at) * this.market.factor(vs, at)]);
    }
    return chart;
  }

  async ohlc(id: string, vsCurrency: string, days: ChartDays): Promise<OhlcRow[]> {
    const vs = this.vs(vsCurrency);
    const model = this.market.model(id);
    const t = this.now();
    const back = this.daysBack(days, t);
    const size = candleSize(back);
    const start = Math.max(this.dataset.firstDayMs, t - back * dayMs);
    const rows: OhlcRow[] = [];
    // Timestamps are candle close times, as CoinGecko's; the running candle is left out.
    for (let close = Math.ceil((start + size) / size) * size; close <= t; close += size) {
      rows.push(this.candle(model, vs, close - size, close));
    }
    return rows;
  }

  private candle(model: PriceModel, vs: string, from: number, to: number): OhlcRow {
    const open = this.market.priceAt(model, vs, from);
    const close = this.market.priceAt(model, vs, to);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    const step = (to - from) / 12;
    for (let k = 1; k < 12; k++) {
      const p = this.market.priceAt(model, vs, from + k * step);
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    return [to, open, high, low, close];
  }

  async search(query: string): Promise<SearchResult> {
    const q = normaliseSearchQuery(query);
    if (q === null) return { coins: [] };
    const ranked = this.market.allCoinsAt('usd', this.now(), false);
    const hits = ranked
      .map((c) => ({ c, score: searchMatchScore(c, q) }))
      .filter((h): h is { c: CoinMarket; score: number } => h.score !== null)
      .sort((a, b) => a.score - b.score || (a.c.market_cap_rank ?? 1e9) - (b.c.market_cap_rank ?? 1e9))
      .slice(0, 25);
    return {
      coins: hits.map(({ c }) => ({
        id: c.id,
        name: c.name,
        symbol: c.symbol,
        market_cap_rank: c.market_cap_rank,
        thumb: c.image,
        large: c.image,
      })),
    };
  }

  /** Derived, not search popularity: the 15 coins whose 24h volume grew most since yesterday. */
  async trending(): Promise<Trending> {
    const t = this.now();
    const coins = this.market.allCoinsAt('usd', t, false);
    const btcUsd = this.market.model('bitcoin').usdAt(t);
    const growth = (c: CoinMarket): number => {
      const m = this.market.model(c.id);
      const day = m.dayIndex(t);
      return m.volumeFactor(day) / m.volumeFactor(day - 1);
    };
    const picked = coins
      .map((c) => ({ c, g: growth(c) }))
      .sort((a, b) => b.g - a.g || a.c.id.localeCompare(b.c.id))
      .slice(0, marketLimits.trending);
    return {
      basis: 'derived',
      coins: picked.map(({ c }, score) => ({
        id: c.id,
        name: c.name,
        symbol: c.symbol,
        market_cap_rank: c.market_cap_rank,
        thumb: c.image,
        large: c.image,
        score,
        price_btc: c.current_price / btcUsd,
        price_usd: c.current_price,
        price_change_percentage_24h: c.price_change_percentage_24h,
        market_cap: c.market_cap,
        total_volume: c.total_volume,
      })),
    };
  }

  async global(): Promise<GlobalData> {
    const t = this.now();
    const coins = this.market.allCoinsAt('usd', t, false);
    let cap = 0;
    let capDayAgo = 0;
    let volume = 0;
    for (const c of coins) {
      cap += c.market_cap ?? 0;
      volume += c.total_volume ?? 0;
      const pct = c.price_change_percentage_24h ?? 0;
      capDayAgo += (c.market_cap ?? 0) / (1 + pct / 100);
    }
    const totals = (usd: number): Record<string, number> =>
      Object.fromEntries(
        ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'].map((vs) => [vs, usd * this.market.factor(vs, t)]),
      );
    const shares = Object.fromEntries(
      coins.slice(0, 10).map((c) => [c.symbol, cap === 0 ? 0 : ((c.market_cap ?? 0) / cap) * 100]),
    );
    return {
      active_cryptocurrencies: coins.length,
      markets: null,
      total_market_cap: totals(cap),
      total_volume: totals(volume),
      market_cap_percentage: shares,
      market_cap_change_percentage_24h_usd: capDayAgo === 0 ? null : (cap / capDayAgo - 1) * 100,
      updated_at: new Date(t).toISOString(),
    };
  }

  /** Fixed fiat rates from the dataset (documented in its README); BTC and ETH from the simulation. */
  async exchangeRates(): Promise<ExchangeRates> {
    const t = this.now();
    const btcUsd = this.market.model('bitcoin').usdAt(t);
    const ethUsd = this.market.model('ethereum').usdAt(t);
    const rates: ExchangeRates['rates'] = {
      btc: { name: 'Bitcoin', unit: 'BTC', value: 1, type: 'crypto' },
      eth: { name: 'Ether', unit: 'ETH', value: btcUsd / ethUsd, type: 'crypto' },
    };
    for (const [code, perUsd] of Object.entries(this.dataset.fiatPerUsd)) {
      const label = fiatNames[code] ?? { name: code.toUpperCase(), unit: code.toUpperCase() };
      rates[code] = { ...label, value: btcUsd * perUsd, type: 'fiat' };
    }
    return { base: 'btc', rates };
  }

  describe(): MarketSource {
    return { source: 'demo', mode: 'demo', as_of: this.dataset.asOf, stale: false };
  }
}
