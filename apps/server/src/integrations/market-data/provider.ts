import type {
  CoinDetails,
  CoinMarket,
  ExchangeRates,
  GlobalData,
  MarketChart,
  MarketMode,
  MarketSource,
  OhlcRow,
  SearchResult,
  Trending,
} from '@app/contracts';

export type PriceChangeWindow = '1h' | '24h' | '7d';
export type MarketOrder = 'market_cap_desc' | 'market_cap_asc' | 'volume_desc' | 'volume_asc';

export interface ListMarketsParams {
  vsCurrency: string;
  page: number;
  /** 1..250, CoinGecko's ceiling. */
  perPage: number;
  ids?: readonly string[];
  /** A CoinGecko category id, e.g. "stablecoins". */
  category?: string;
  order?: MarketOrder;
  sparkline: boolean;
  priceChangePercentage: readonly PriceChangeWindow[];
}

/** A number of days, or the whole history the source has. */
export type ChartDays = number | 'max';

/**
 * One interface for every market-data source (CoinGecko, the committed snapshot, and the
 * auto composite). Implementations throw UpstreamError; results are already sanitised
 * and shaped as our contracts.
 */
export interface MarketDataProvider {
  listMarkets(params: ListMarketsParams): Promise<CoinMarket[]>;
  coinDetails(id: string, vsCurrency?: string): Promise<CoinDetails>;
  marketChart(
    id: string,
    vsCurrency: string,
    days: ChartDays,
    options?: { interval?: 'daily' },
  ): Promise<MarketChart>;
  ohlc(id: string, vsCurrency: string, days: ChartDays): Promise<OhlcRow[]>;
  search(query: string): Promise<SearchResult>;
  trending(): Promise<Trending>;
  global(): Promise<GlobalData>;
  /** BTC-based rates (units per 1 BTC), for converting USD figures to any base currency. */
  exchangeRates(): Promise<ExchangeRates>;
  /** Which source answered last, as of when, and whether it is a fallback. */
  describe(): MarketSource;
  /**
   * Ids of the top `limit` coins by market cap in one category, from the live source only
   * (never a fallback's answer). Only sources whose market lists lack categories have it.
   */
  categoryMembers?(category: string, limit: number): Promise<string[]>;
  /** Calls that could start now within the source's rate limit; absent when unlimited. */
  spareCalls?(): number;
  /**
   * Demo or live. Absent on a single source: then describe().mode says it (the
   * snapshot is always demo, a real provider always live).
   */
  mode?(): MarketMode;
  /** While in demo mode: the real provider to try, or null when demo mode is forced. */
  liveProvider?(): MarketDataProvider | null;
  /** The server has reached the real provider: from now on only it answers, never the snapshot. */
  goLive?(): void;
}

export function providerMode(provider: MarketDataProvider): MarketMode {
  return provider.mode?.() ?? provider.describe().mode;
}

export const defaultPriceChangeWindows: readonly PriceChangeWindow[] = ['1h', '24h', '7d'];
