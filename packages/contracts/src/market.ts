import { z } from 'zod';

/**
 * Market data as our API serves it (spec §3 coin details / coin list response, §7 "Crypto",
 * §9 limits). Field names follow CoinGecko's so the UI reads one vocabulary whatever the source.
 */

/** Spec: base currency defaults to usd; issue 3 requires at least these six. */
export const baseCurrencies = ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'] as const;
export const baseCurrencySchema = z.enum(baseCurrencies);
export type BaseCurrency = z.infer<typeof baseCurrencySchema>;
export const defaultBaseCurrency: BaseCurrency = 'usd';

/** Spec §9 limits and the coin-search rules of §5. */
export const marketLimits = {
  listPageSize: 50,
  /** CoinGecko's own per_page ceiling for coins/markets. */
  listMaxPageSize: 250,
  trending: 15,
  topPerforming: 15,
  marketSelectMax: 100,
  searchLimit: 10,
  searchMinChars: 2,
  searchDebounceMs: 300,
} as const;

export const chartTimeframes = ['1D', '1W', '1M', '3M', '1Y', 'ALL'] as const;
export const chartTimeframeSchema = z.enum(chartTimeframes);
export type ChartTimeframe = z.infer<typeof chartTimeframeSchema>;

/** CoinGecko's category id; the snapshot uses the same ids so filters work on both sources. */
export const stablecoinCategoryId = 'stablecoins';

/** Spec §5 "Required ids" and §8 fetch failures / refresh toasts, word for word. */
export const marketMessages = {
  coinIdRequired: 'Coin ID is required',
  symbolRequired: 'Symbol is required',
  idRequired: 'ID is required',
  globalFetchFailed: 'Failed to fetch global market data',
  cryptocurrenciesFetchFailed: 'Failed to fetch cryptocurrencies',
  refreshing: 'Refreshing cryptocurrency data...',
  refreshed: 'Data refreshed successfully',
  refreshFailed: 'Failed to refresh data. Please try again.',
} as const;

const nullableNumber = z.number().nullable();
const isoDate = z.string();

/** [timestamp_ms, value] as CoinGecko's market_chart sends it. */
export const chartPointSchema = z.tuple([z.number(), z.number()]);
export type ChartPoint = z.infer<typeof chartPointSchema>;

export const sparklineSchema = z.object({ price: z.array(z.number()) });

export const coinMarketSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  /** Blank when the upstream URL is not an allowed http(s) market-data host (spec §5). */
  image: z.string(),
  current_price: z.number(),
  market_cap: nullableNumber,
  market_cap_rank: nullableNumber,
  total_volume: nullableNumber,
  high_24h: nullableNumber,
  low_24h: nullableNumber,
  price_change_24h: nullableNumber,
  price_change_percentage_1h: nullableNumber,
  price_change_percentage_24h: nullableNumber,
  price_change_percentage_7d: nullableNumber,
  /** Rounded to 2 decimals (spec §5 / §9). */
  circulating_supply: nullableNumber,
  total_supply: nullableNumber,
  max_supply: nullableNumber,
  ath: nullableNumber,
  ath_date: isoDate.nullable(),
  ath_change_percentage: nullableNumber,
  atl: nullableNumber,
  atl_date: isoDate.nullable(),
  sparkline_in_7d: sparklineSchema.optional(),
  last_updated: isoDate.nullable(),
  /** Category ids (e.g. "stablecoins"); absent when the source did not say. */
  categories: z.array(z.string()).optional(),
});
export type CoinMarket = z.infer<typeof coinMarketSchema>;

/** Spec §3 "Coin list response". */
export const coinListResponseSchema = z.object({
  results: z.array(coinMarketSchema),
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type CoinListResponse = z.infer<typeof coinListResponseSchema>;

export const globalDataSchema = z.object({
  active_cryptocurrencies: z.number(),
  markets: nullableNumber,
  /** Keyed by currency code. */
  total_market_cap: z.record(z.string(), z.number()),
  total_volume: z.record(z.string(), z.number()),
  /** Keyed by lower-case symbol, in percent. */
  market_cap_percentage: z.record(z.string(), z.number()),
  market_cap_change_percentage_24h_usd: nullableNumber,
  updated_at: isoDate,
});
export type GlobalData = z.infer<typeof globalDataSchema>;

export const trendingCoinSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  market_cap_rank: nullableNumber,
  thumb: z.string(),
  large: z.string(),
  /** 0-based position in the trending list. */
  score: z.number(),
  price_btc: nullableNumber,
  price_usd: nullableNumber,
  price_change_percentage_24h: nullableNumber,
  market_cap: nullableNumber,
  total_volume: nullableNumber,
});
export type TrendingCoin = z.infer<typeof trendingCoinSchema>;

/**
 * `search_popularity` is CoinGecko's own trending list; `derived` is the snapshot's pick
 * (largest 24h volume change), so the UI can say it is not real search interest.
 */
export const trendingSchema = z.object({
  basis: z.enum(['search_popularity', 'derived']),
  coins: z.array(trendingCoinSchema),
});
export type Trending = z.infer<typeof trendingSchema>;

export const coinLinksSchema = z.object({
  homepage: z.array(z.string()),
  blockchain_site: z.array(z.string()),
  twitter_screen_name: z.string().nullable(),
  subreddit_url: z.string().nullable(),
  repos: z.array(z.string()),
});
export type CoinLinks = z.infer<typeof coinLinksSchema>;

/** Community and developer figures for the `{id}/social/` route; null where the source has none. */
export const coinSocialSchema = z.object({
  twitter_followers: nullableNumber,
  reddit_subscribers: nullableNumber,
  reddit_active_accounts_48h: nullableNumber,
  telegram_channel_user_count: nullableNumber,
  github_forks: nullableNumber,
  github_stars: nullableNumber,
  github_subscribers: nullableNumber,
  github_total_issues: nullableNumber,
  github_closed_issues: nullableNumber,
  github_pull_requests_merged: nullableNumber,
  github_commit_count_4_weeks: nullableNumber,
});
export type CoinSocial = z.infer<typeof coinSocialSchema>;

export const coinDetailsSchema = coinMarketSchema.extend({
  vs_currency: z.string(),
  description: z.string(),
  genesis_date: z.string().nullable(),
  categories: z.array(z.string()),
  links: coinLinksSchema,
  social: coinSocialSchema,
});
export type CoinDetails = z.infer<typeof coinDetailsSchema>;

/** [timestamp_ms (candle close time), open, high, low, close]; spec §7 OHLC rows. */
export const ohlcRowSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
export type OhlcRow = z.infer<typeof ohlcRowSchema>;

export const marketChartSchema = z.object({
  prices: z.array(chartPointSchema),
  market_caps: z.array(chartPointSchema),
  total_volumes: z.array(chartPointSchema),
});
export type MarketChart = z.infer<typeof marketChartSchema>;

export const searchCoinSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  market_cap_rank: nullableNumber,
  thumb: z.string(),
  large: z.string(),
});
export type SearchCoin = z.infer<typeof searchCoinSchema>;

export const searchResultSchema = z.object({ coins: z.array(searchCoinSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Like CoinGecko's /exchange_rates: `value` is units of the currency per 1 BTC. */
export const exchangeRateSchema = z.object({
  name: z.string(),
  unit: z.string(),
  value: z.number().positive(),
  type: z.enum(['crypto', 'fiat', 'commodity']),
});
export const exchangeRatesSchema = z.object({
  base: z.literal('btc'),
  rates: z.record(z.string(), exchangeRateSchema),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** Which source served the data, as of when, and whether it is a fallback/old copy (issue 3). */
export const marketSourceSchema = z.object({
  source: z.enum(['coingecko', 'snapshot']),
  as_of: z.string(),
  stale: z.boolean(),
});
export type MarketSource = z.infer<typeof marketSourceSchema>;
