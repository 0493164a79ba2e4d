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
import { normaliseSearchQuery } from '@app/core';
import type { ChartDays, ListMarketsParams, MarketDataProvider } from '../provider.ts';
import { UpstreamError } from '../upstream-error.ts';
import { type CoinGeckoClientOptions, CoinGeckoHttpClient } from './http-client.ts';
import { parseMarketItems, toCoinDetails, toCoinMarket, toSearchCoins, toTrendingCoins } from './mappers.ts';
import {
  cgCoinSchema,
  cgExchangeRatesSchema,
  cgGlobalSchema,
  cgMarketChartSchema,
  cgMarketsSchema,
  cgOhlcSchema,
  cgSearchSchema,
  cgTrendingSchema,
} from './schemas.ts';

const rateTypes = new Set(['crypto', 'fiat', 'commodity']);

function coinPath(id: string, suffix = ''): string {
  return `coins/${encodeURIComponent(id)}${suffix}`;
}

function cleanPoints(points: ReadonlyArray<readonly [number, number | null]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [ts, v] of points) if (typeof v === 'number' && Number.isFinite(v)) out.push([ts, v]);
  return out;
}

/** CoinGecko API v3 behind our MarketDataProvider interface. */
export class CoinGeckoProvider implements MarketDataProvider {
  readonly http: CoinGeckoHttpClient;

  constructor(options: CoinGeckoClientOptions = {}) {
    this.http = new CoinGeckoHttpClient(options);
  }

  async listMarkets(params: ListMarketsParams): Promise<CoinMarket[]> {
    const body = await this.http.get(
      'coins/markets',
      {
        vs_currency: params.vsCurrency.toLowerCase(),
        ids: params.ids && params.ids.length > 0 ? params.ids.join(',') : undefined,
        category: params.category,
        order: params.order ?? 'market_cap_desc',
        per_page: params.perPage,
        page: params.page,
        // Must be lower-case "true": "True" silently returns no sparkline (api_notes gotcha).
        sparkline: params.sparkline ? 'true' : 'false',
        price_change_percentage:
          params.priceChangePercentage.length > 0 ? params.priceChangePercentage.join(',') : undefined,
      },
      cgMarketsSchema,
    );
    const { items } = parseMarketItems(body);
    if (body.length > 0 && items.length === 0) {
      throw new UpstreamError({
        kind: 'malformed',
        message: 'No usable coin in coins/markets',
        endpoint: 'coins/markets',
      });
    }
    return items.map((item) => toCoinMarket(item, params.category));
  }

  async coinDetails(id: string, vsCurrency = 'usd'): Promise<CoinDetails> {
    const body = await this.http.get(
      coinPath(id),
      {
        localization: 'false',
        tickers: 'false',
        market_data: 'true',
        community_data: 'true',
        developer_data: 'true',
        sparkline: 'true',
      },
      cgCoinSchema,
    );
    return toCoinDetails(body, vsCurrency);
  }

  async marketChart(
    id: string,
    vsCurrency: string,
    days: ChartDays,
    options?: { interval?: 'daily' },
  ): Promise<MarketChart> {
    const body = await this.http.get(
      coinPath(id, '/market_chart'),
      { vs_currency: vsCurrency.toLowerCase(), days, interval: options?.interval },
      cgMarketChartSchema,
    );
    return {
      prices: cleanPoints(body.prices),
      market_caps: cleanPoints(body.market_caps),
      total_volumes: cleanPoints(body.total_volumes),
    };
  }

  async ohlc(id: string, vsCurrency: string, days: ChartDays): Promise<OhlcRow[]> {
    return this.http.get(
      coinPath(id, '/ohlc'),
      { vs_currency: vsCurrency.toLowerCase(), days },
      cgOhlcSchema,
    );
  }

  async search(query: string): Promise<SearchResult> {
    const q = normaliseSearchQuery(query);
    // Under two characters there is no search, so no upstream call either.
    if (q === null) return { coins: [] };
    const body = await this.http.get('search', { query: q }, cgSearchSchema);
    return { coins: toSearchCoins(body) };
  }

  async trending(): Promise<Trending> {
    const body = await this.http.get('search/trending', {}, cgTrendingSchema);
    return { basis: 'search_popularity', coins: toTrendingCoins(body) };
  }

  async global(): Promise<GlobalData> {
    const { data } = await this.http.get('global', {}, cgGlobalSchema);
    return {
      active_cryptocurrencies: data.active_cryptocurrencies,
      markets: data.markets ?? null,
      total_market_cap: data.total_market_cap,
      total_volume: data.total_volume,
      market_cap_percentage: data.market_cap_percentage,
      market_cap_change_percentage_24h_usd: data.market_cap_change_percentage_24h_usd ?? null,
      updated_at: new Date(data.updated_at * 1000).toISOString(),
    };
  }

  async exchangeRates(): Promise<ExchangeRates> {
    const body = await this.http.get('exchange_rates', {}, cgExchangeRatesSchema);
    const rates: ExchangeRates['rates'] = {};
    for (const [code, rate] of Object.entries(body.rates)) {
      const type = rateTypes.has(rate.type) ? (rate.type as 'crypto' | 'fiat' | 'commodity') : 'crypto';
      rates[code.toLowerCase()] = { name: rate.name, unit: rate.unit, value: rate.value, type };
    }
    if (!rates.usd || !rates.btc) {
      throw new UpstreamError({
        kind: 'malformed',
        message: 'exchange_rates lacks usd or btc',
        endpoint: 'exchange_rates',
      });
    }
    return { base: 'btc', rates };
  }

  /** coins/markets filtered by a category: the one way CoinGecko tells which coins are in it. */
  async categoryMembers(category: string, limit: number): Promise<string[]> {
    const coins = await this.listMarkets({
      vsCurrency: 'usd',
      page: 1,
      perPage: Math.min(250, Math.max(1, limit)),
      category,
      sparkline: false,
      priceChangePercentage: [],
    });
    return coins.map((c) => c.id);
  }

  spareCalls(): number {
    return this.http.spareCalls();
  }

  describe(): MarketSource {
    const at = this.http.lastSuccessAt;
    return {
      source: 'coingecko',
      mode: 'live',
      as_of: new Date(at ?? this.http.now()).toISOString(),
      stale: false,
    };
  }
}
