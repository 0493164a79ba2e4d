import { z } from 'zod';

/**
 * CoinGecko v3 response shapes, validated tolerantly: any numeric field may be null or
 * missing (their docs say so, and recorded responses agree), unknown keys are kept out of
 * the way. A body that does not match these is `malformed` (never retried).
 */
const num = z.number().nullish();
const text = z.string().nullish();
const currencyMap = z.record(z.string(), z.number().nullable()).nullish();
const dateMap = z.record(z.string(), z.string().nullable()).nullish();
const textList = z.array(z.string().nullable()).nullish();

export const cgMarketItemSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: text,
  current_price: num,
  market_cap: num,
  market_cap_rank: num,
  total_volume: num,
  high_24h: num,
  low_24h: num,
  price_change_24h: num,
  price_change_percentage_24h: num,
  price_change_percentage_1h_in_currency: num,
  price_change_percentage_24h_in_currency: num,
  price_change_percentage_7d_in_currency: num,
  circulating_supply: num,
  total_supply: num,
  max_supply: num,
  ath: num,
  ath_change_percentage: num,
  ath_date: text,
  atl: num,
  atl_date: text,
  last_updated: text,
  sparkline_in_7d: z.object({ price: z.array(z.number().nullable()) }).nullish(),
});
export type CgMarketItem = z.infer<typeof cgMarketItemSchema>;

/** Items are checked one by one so a single odd coin does not sink the page. */
export const cgMarketsSchema = z.array(z.unknown());

export const cgCoinSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.looseObject({ thumb: text, small: text, large: text }).nullish(),
  categories: textList,
  description: z.record(z.string(), z.string().nullable()).nullish(),
  genesis_date: text,
  market_cap_rank: num,
  last_updated: text,
  links: z
    .looseObject({
      homepage: textList,
      blockchain_site: textList,
      twitter_screen_name: text,
      subreddit_url: text,
      repos_url: z.looseObject({ github: textList, bitbucket: textList }).nullish(),
    })
    .nullish(),
  community_data: z
    .looseObject({
      twitter_followers: num,
      reddit_subscribers: num,
      reddit_accounts_active_48h: num,
      telegram_channel_user_count: num,
    })
    .nullish(),
  developer_data: z
    .looseObject({
      forks: num,
      stars: num,
      subscribers: num,
      total_issues: num,
      closed_issues: num,
      pull_requests_merged: num,
      commit_count_4_weeks: num,
    })
    .nullish(),
  market_data: z
    .looseObject({
      current_price: currencyMap,
      market_cap: currencyMap,
      market_cap_rank: num,
      total_volume: currencyMap,
      high_24h: currencyMap,
      low_24h: currencyMap,
      ath: currencyMap,
      ath_change_percentage: currencyMap,
      ath_date: dateMap,
      atl: currencyMap,
      atl_date: dateMap,
      price_change_24h_in_currency: currencyMap,
      price_change_percentage_1h_in_currency: currencyMap,
      price_change_percentage_24h_in_currency: currencyMap,
      price_change_percentage_7d_in_currency: currencyMap,
      circulating_supply: num,
      total_supply: num,
      max_supply: num,
      last_updated: text,
      sparkline_7d: z.object({ price: z.array(z.number().nullable()) }).nullish(),
    })
    .nullish(),
});
export type CgCoin = z.infer<typeof cgCoinSchema>;

const point = z.tuple([z.number(), z.number().nullable()]);
export const cgMarketChartSchema = z.object({
  prices: z.array(point),
  market_caps: z.array(point),
  total_volumes: z.array(point),
});

export const cgOhlcSchema = z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]));

export const cgSearchSchema = z.looseObject({
  coins: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      market_cap_rank: num,
      thumb: text,
      large: text,
    }),
  ),
});

/** Trending figures arrive as strings ("$104,127,324", price_btc "0.000…"), hence the unions. */
const looseNumber = z.union([z.number(), z.string()]).nullish();
export const cgTrendingSchema = z.looseObject({
  coins: z.array(
    z.object({
      item: z.looseObject({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        market_cap_rank: num,
        thumb: text,
        small: text,
        large: text,
        score: num,
        price_btc: looseNumber,
        data: z
          .looseObject({
            price: looseNumber,
            price_change_percentage_24h: z.record(z.string(), z.number().nullable()).nullish(),
            market_cap: looseNumber,
            total_volume: looseNumber,
          })
          .nullish(),
      }),
    }),
  ),
});

export const cgGlobalSchema = z.object({
  data: z.looseObject({
    active_cryptocurrencies: z.number(),
    markets: num,
    total_market_cap: z.record(z.string(), z.number()),
    total_volume: z.record(z.string(), z.number()),
    market_cap_percentage: z.record(z.string(), z.number()),
    market_cap_change_percentage_24h_usd: num,
    updated_at: z.number(),
  }),
});

export const cgExchangeRatesSchema = z.object({
  rates: z.record(
    z.string(),
    z.object({ name: z.string(), unit: z.string(), value: z.number().positive(), type: z.string() }),
  ),
});
