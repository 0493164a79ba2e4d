import { z } from 'zod';
import { baseCurrencySchema } from './base-currency.ts';
import { defaultBaseCurrency, marketModes, marketSourceIds } from './market-constants.ts';
import { chartTimeframes, coinListOrders, marketLimits, marketMessages } from './market-options.ts';

/**
 * Market data as our API serves it. Field names follow CoinGecko's so the UI reads one vocabulary whatever the source.
 */

export const chartTimeframeSchema = z.enum(chartTimeframes);
export type ChartTimeframe = z.infer<typeof chartTimeframeSchema>;

/** CoinGecko's category id; the snapshot uses the same ids so filters work on both sources. */
export const stablecoinCategoryId = 'stablecoins';

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
  /** Blank when the upstream URL is not an allowed http(s) market-data host. */
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
  /** Rounded to 2 decimals. */
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
  /**
   * Set when `current_price` came from another provider than the rest of the row (Binance's
   * USDT price while CoinGecko is rate limited or down), with the time it was fetched.
   */
  price_source: z.enum(marketSourceIds).optional(),
  price_as_of: isoDate.optional(),
});
export type CoinMarket = z.infer<typeof coinMarketSchema>;

/** The coin list as the API serves it. */
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

/** What a source with no community or developer figures reports. */
export const emptyCoinSocial: CoinSocial = {
  twitter_followers: null,
  reddit_subscribers: null,
  reddit_active_accounts_48h: null,
  telegram_channel_user_count: null,
  github_forks: null,
  github_stars: null,
  github_subscribers: null,
  github_total_issues: null,
  github_closed_issues: null,
  github_pull_requests_merged: null,
  github_commit_count_4_weeks: null,
};

export const coinDetailsSchema = coinMarketSchema.extend({
  vs_currency: z.string(),
  description: z.string(),
  genesis_date: z.string().nullable(),
  categories: z.array(z.string()),
  links: coinLinksSchema,
  social: coinSocialSchema,
});
export type CoinDetails = z.infer<typeof coinDetailsSchema>;

/** [timestamp_ms (candle close time), open, high, low, close]: one OHLC row. */
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

/**
 * Which source served the data, the server's market mode, as of when (ISO time the figures were
 * fetched), and whether it is an old copy kept through a provider outage.
 */
export const marketSourceSchema = z.object({
  source: z.enum(marketSourceIds),
  mode: z.enum(marketModes),
  as_of: z.string(),
  stale: z.boolean(),
});
export type MarketSource = z.infer<typeof marketSourceSchema>;

/** Query-string booleans: "true"/"false" (also 1/0), anything else is a validation error. */
export const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const vsCurrencyQuery = baseCurrencySchema.default(defaultBaseCurrency);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Fields a client may pick with `fields=` (id is always sent). */
export const coinListFields = Object.keys(coinMarketSchema.shape) as Array<keyof CoinMarket>;

export const coinListQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(marketLimits.listMaxPageSize)
    .default(marketLimits.listPageSize),
  order: z.enum(coinListOrders).default('market_cap_desc'),
  search: optionalText(100),
  category: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/, 'Must be a category id')
    .optional(),
  exclude_stablecoins: queryBooleanSchema.default(false),
  fields: z
    .string()
    .trim()
    .max(500)
    .optional()
    .refine(
      (v) =>
        v === undefined ||
        v === '' ||
        v.split(',').every((f) => coinListFields.includes(f.trim() as keyof CoinMarket)),
      'Unknown field',
    ),
  sparkline: queryBooleanSchema.default(false),
});
export type CoinListQuery = z.input<typeof coinListQuerySchema>;

/** What the server serialises: with `fields` a row carries only those fields (and id). */
export const coinListWireSchema = z.object({
  results: z.array(coinMarketSchema.partial().extend({ id: z.string() })),
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  vs_currency: z.string(),
  source: marketSourceSchema,
});

/** The full list response the web app reads (it never asks for `fields`). */
export const coinListPageSchema = coinListResponseSchema.extend({
  vs_currency: z.string(),
  source: marketSourceSchema,
});
export type CoinListPage = z.infer<typeof coinListPageSchema>;

export const vsCurrencyQuerySchema = z.object({ vs_currency: vsCurrencyQuery });

export const globalDataResponseSchema = globalDataSchema.extend({
  vs_currency: z.string(),
  /** total_market_cap and total_volume in vs_currency, for display. */
  total_market_cap_vs: nullableNumber,
  total_volume_vs: nullableNumber,
  source: marketSourceSchema,
});
export type GlobalDataResponse = z.infer<typeof globalDataResponseSchema>;

export const trendingResponseSchema = z.object({
  basis: trendingSchema.shape.basis,
  vs_currency: z.string(),
  coins: z.array(trendingCoinSchema.extend({ current_price: nullableNumber, image: z.string() })),
  source: marketSourceSchema,
});
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;

export const limitQuery = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const topPerformingQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  limit: limitQuery(100, marketLimits.topPerforming),
});

export const coinResultsResponseSchema = z.object({
  results: z.array(coinMarketSchema),
  vs_currency: z.string(),
  source: marketSourceSchema,
});
export type CoinResultsResponse = z.infer<typeof coinResultsResponseSchema>;

export const allMarketDataResponseSchema = coinResultsResponseSchema.extend({ count: z.number().int() });

export const priceChangesQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  symbols: z.string().trim().max(2000).optional(),
});

export const priceChangeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  current_price: z.number(),
  price_change_percentage_1h: nullableNumber,
  price_change_percentage_24h: nullableNumber,
  price_change_percentage_7d: nullableNumber,
});
export const priceChangesResponseSchema = z.object({
  /** Keyed by the requested symbol, lower-case; unknown symbols are absent. */
  results: z.record(z.string(), priceChangeSchema),
  vs_currency: z.string(),
  source: marketSourceSchema,
});
export type PriceChangesResponse = z.infer<typeof priceChangesResponseSchema>;

export const marketSelectQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  limit: limitQuery(marketLimits.marketSelectMax, marketLimits.marketSelectMax),
  search: optionalText(100),
});

/** The coin-picker item. db_id is our key for the coin (its CoinGecko id). */
export const marketSelectItemSchema = z.object({
  id: z.string(),
  db_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string(),
  user_favorite: z.boolean(),
  /** The user's holding across portfolios, a decimal string ("0" when none). */
  available_balance: z.string(),
  current_price: nullableNumber,
  market_cap_rank: nullableNumber,
});
export type MarketSelectItem = z.infer<typeof marketSelectItemSchema>;
export const marketSelectResponseSchema = z.object({ cryptocurrencies: z.array(marketSelectItemSchema) });
export type MarketSelectResponse = z.infer<typeof marketSelectResponseSchema>;

export const searchQuerySchema = z.object({
  q: z.string().max(100).optional(),
  limit: limitQuery(marketLimits.searchLimit, marketLimits.searchLimit),
});

/** The coin logo route: `src` must be on an allowed market image host. */
export const coinImageQuerySchema = z.object({
  src: z.string().trim().min(1).max(2048),
  letters: z
    .string()
    .regex(/^[\p{L}\p{N}?]{1,2}$/u, 'Must be one or two letters or digits')
    .default('?'),
});

export const coinDetailIncludes = ['description', 'links', 'social', 'sparkline'] as const;
export const coinDetailsQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  include: z
    .string()
    .trim()
    .max(200)
    .optional()
    .refine(
      (v) =>
        v === undefined ||
        v === '' ||
        v.split(',').every((f) => (coinDetailIncludes as readonly string[]).includes(f.trim())),
      `Must be a comma-separated list of ${coinDetailIncludes.join(', ')}`,
    ),
});
export const coinDetailsResponseSchema = coinDetailsSchema.extend({ source: marketSourceSchema });
export type CoinDetailsResponse = z.infer<typeof coinDetailsResponseSchema>;

export const coinSocialResponseSchema = z.object({
  id: z.string(),
  links: coinLinksSchema,
  social: coinSocialSchema,
  source: marketSourceSchema,
});
export type CoinSocialResponse = z.infer<typeof coinSocialResponseSchema>;

export const chartQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  timeframe: chartTimeframeSchema.default('1D'),
});
export const chartResponseSchema = marketChartSchema.extend({
  id: z.string(),
  timeframe: chartTimeframeSchema,
  vs_currency: z.string(),
  source: marketSourceSchema,
});
export type ChartResponse = z.infer<typeof chartResponseSchema>;

/** Days for OHLC: 1 to 3650, or "max" for all the history we keep. */
export const ohlcDaysSchema = z.union([z.literal('max'), z.coerce.number().int().min(1).max(3650)]);
export const ohlcQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  days: ohlcDaysSchema.default(30),
});
export const metricsOhlcQuerySchema = ohlcQuerySchema.extend({
  coin_id: z.string().trim().max(100).optional(),
  id: z.string().trim().max(100).optional(),
});
export const ohlcResponseSchema = z.array(ohlcRowSchema);

export const marketBreadthQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  ma_days: z.coerce.number().int().min(1).max(7).default(7),
  exclude_stablecoins: queryBooleanSchema.default(true),
});
export const marketBreadthSchema = z.object({
  /** Coins counted: the tracked market (top coins by market cap). */
  total: z.number().int(),
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  above_ma: z.object({
    days: z.number().int(),
    /** Coins with enough hourly history for the average. */
    eligible: z.number().int(),
    count: z.number().int(),
    /** count / eligible, 0..1; null when no coin is eligible. */
    share: z.number().nullable(),
    definition: z.string(),
  }),
  source: marketSourceSchema,
});
export type MarketBreadth = z.infer<typeof marketBreadthSchema>;

export const coinSearchQuerySchema = z.object({
  vs_currency: vsCurrencyQuery,
  q: z.string().max(100).optional(),
  limit: limitQuery(50, marketLimits.searchLimit),
});

export const userCoinSchema = coinMarketSchema.extend({
  is_favorite: z.boolean(),
  watchlist_ids: z.array(z.string()),
});
export const userCoinsResponseSchema = z.object({
  results: z.array(userCoinSchema),
  vs_currency: z.string(),
  source: marketSourceSchema,
});
export type UserCoinsResponse = z.infer<typeof userCoinsResponseSchema>;

// Watchlists: per user, full CRUD.
export const watchlistNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a name')
  .max(60, 'Use at most 60 characters');
const coinIdField = z
  .string()
  .trim()
  .min(1, marketMessages.coinIdRequired)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Must be a coin id');

export const watchlistItemSchema = z.object({
  id: z.string(),
  watchlist_id: z.string(),
  coin_id: z.string(),
  created_at: z.string(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;
export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(watchlistItemSchema),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
export const watchlistListSchema = z.object({ results: z.array(watchlistSchema) });
export const createWatchlistSchema = z
  .object({ name: watchlistNameSchema, coin_ids: z.array(coinIdField).max(500).optional() })
  .strict();
export const updateWatchlistSchema = z.object({ name: watchlistNameSchema }).strict();
export const createWatchlistItemSchema = z
  .object({ watchlist_id: z.string().trim().min(1, marketMessages.idRequired), coin_id: coinIdField })
  .strict();
export const watchlistItemsQuerySchema = z.object({ watchlist_id: z.string().trim().optional() });
export const watchlistItemListSchema = z.object({ results: z.array(watchlistItemSchema) });
