import type { CoinDetails, CoinMarket, CoinSocial, SearchCoin, TrendingCoin } from '@app/contracts';
import { parseLooseNumber, roundSupply, safeImageUrl, sanitizeCoinList, sanitizeCoinText } from '@app/core';
import type { z } from 'zod';
import {
  type CgCoin,
  type CgMarketItem,
  cgMarketItemSchema,
  type cgSearchSchema,
  type cgTrendingSchema,
} from './schemas.ts';

const orNull = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

function cleanSparkline(prices: ReadonlyArray<number | null> | undefined): { price: number[] } | undefined {
  if (!prices) return undefined;
  return { price: prices.filter((p): p is number => typeof p === 'number' && Number.isFinite(p)) };
}

/** Validates coins/markets items one by one, then applies the coin-list rules. */
export function parseMarketItems(raw: readonly unknown[]): { items: CgMarketItem[]; rejected: number } {
  const valid: CgMarketItem[] = [];
  for (const entry of raw) {
    const parsed = cgMarketItemSchema.safeParse(entry);
    if (parsed.success) valid.push(parsed.data);
  }
  const items = sanitizeCoinList(valid);
  return { items, rejected: raw.length - items.length };
}

export function toCoinMarket(item: CgMarketItem, category?: string): CoinMarket {
  const sparkline = cleanSparkline(item.sparkline_in_7d?.price);
  return {
    id: item.id,
    symbol: sanitizeCoinText(item.symbol).toLowerCase(),
    name: sanitizeCoinText(item.name),
    image: safeImageUrl(item.image).url,
    current_price: item.current_price ?? 0,
    market_cap: orNull(item.market_cap),
    market_cap_rank: orNull(item.market_cap_rank),
    total_volume: orNull(item.total_volume),
    high_24h: orNull(item.high_24h),
    low_24h: orNull(item.low_24h),
    price_change_24h: orNull(item.price_change_24h),
    // Real responses use *_in_currency names for the requested windows (api_notes.json).
    price_change_percentage_1h: orNull(item.price_change_percentage_1h_in_currency),
    price_change_percentage_24h: orNull(
      item.price_change_percentage_24h_in_currency ?? item.price_change_percentage_24h,
    ),
    price_change_percentage_7d: orNull(item.price_change_percentage_7d_in_currency),
    circulating_supply: roundSupply(item.circulating_supply),
    total_supply: orNull(item.total_supply),
    max_supply: orNull(item.max_supply),
    ath: orNull(item.ath),
    ath_date: item.ath_date ?? null,
    ath_change_percentage: orNull(item.ath_change_percentage),
    atl: orNull(item.atl),
    atl_date: item.atl_date ?? null,
    ...(sparkline ? { sparkline_in_7d: sparkline } : {}),
    last_updated: item.last_updated ?? null,
    // coins/markets carries no categories; when we filtered by one, every result is in it.
    ...(category ? { categories: [category] } : {}),
  };
}

function nonEmpty(list: ReadonlyArray<string | null> | null | undefined): string[] {
  return (list ?? []).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
}

function pick(map: Record<string, number | null> | null | undefined, vs: string): number | null {
  return orNull(map?.[vs]);
}

function toSocial(coin: CgCoin): CoinSocial {
  const c = coin.community_data;
  const d = coin.developer_data;
  return {
    twitter_followers: orNull(c?.twitter_followers),
    reddit_subscribers: orNull(c?.reddit_subscribers),
    reddit_active_accounts_48h: orNull(c?.reddit_accounts_active_48h),
    telegram_channel_user_count: orNull(c?.telegram_channel_user_count),
    github_forks: orNull(d?.forks),
    github_stars: orNull(d?.stars),
    github_subscribers: orNull(d?.subscribers),
    github_total_issues: orNull(d?.total_issues),
    github_closed_issues: orNull(d?.closed_issues),
    github_pull_requests_merged: orNull(d?.pull_requests_merged),
    github_commit_count_4_weeks: orNull(d?.commit_count_4_weeks),
  };
}

/** Strips markup from the English description; the UI renders it as text. */
function plainDescription(coin: CgCoin): string {
  const en = coin.description?.en ?? '';
  return en.replace(/<[^>]*>/g, '').trim();
}

export function toCoinDetails(coin: CgCoin, vsCurrency: string): CoinDetails {
  const md = coin.market_data;
  const vs = vsCurrency.toLowerCase();
  const links = coin.links;
  const sparkline = cleanSparkline(md?.sparkline_7d?.price);
  const price = pick(md?.current_price, vs);
  return {
    id: coin.id,
    symbol: sanitizeCoinText(coin.symbol).toLowerCase(),
    name: sanitizeCoinText(coin.name),
    image: safeImageUrl(coin.image?.large ?? coin.image?.small ?? coin.image?.thumb).url,
    current_price: price ?? 0,
    market_cap: pick(md?.market_cap, vs),
    market_cap_rank: orNull(md?.market_cap_rank ?? coin.market_cap_rank),
    total_volume: pick(md?.total_volume, vs),
    high_24h: pick(md?.high_24h, vs),
    low_24h: pick(md?.low_24h, vs),
    price_change_24h: pick(md?.price_change_24h_in_currency, vs),
    price_change_percentage_1h: pick(md?.price_change_percentage_1h_in_currency, vs),
    price_change_percentage_24h: pick(md?.price_change_percentage_24h_in_currency, vs),
    price_change_percentage_7d: pick(md?.price_change_percentage_7d_in_currency, vs),
    circulating_supply: roundSupply(md?.circulating_supply),
    total_supply: orNull(md?.total_supply),
    max_supply: orNull(md?.max_supply),
    ath: pick(md?.ath, vs),
    ath_date: md?.ath_date?.[vs] ?? null,
    ath_change_percentage: pick(md?.ath_change_percentage, vs),
    atl: pick(md?.atl, vs),
    atl_date: md?.atl_date?.[vs] ?? null,
    ...(sparkline ? { sparkline_in_7d: sparkline } : {}),
    last_updated: md?.last_updated ?? coin.last_updated ?? null,
    vs_currency: vs,
    description: plainDescription(coin),
    genesis_date: coin.genesis_date ?? null,
    categories: nonEmpty(coin.categories),
    links: {
      homepage: nonEmpty(links?.homepage),
      blockchain_site: nonEmpty(links?.blockchain_site),
      twitter_screen_name: links?.twitter_screen_name || null,
      subreddit_url: links?.subreddit_url || null,
      repos: [...nonEmpty(links?.repos_url?.github), ...nonEmpty(links?.repos_url?.bitbucket)],
    },
    social: toSocial(coin),
  };
}

export function toSearchCoins(body: z.output<typeof cgSearchSchema>): SearchCoin[] {
  return body.coins.map((c) => ({
    id: c.id,
    name: sanitizeCoinText(c.name),
    symbol: sanitizeCoinText(c.symbol).toLowerCase(),
    market_cap_rank: orNull(c.market_cap_rank),
    thumb: safeImageUrl(c.thumb).url,
    large: safeImageUrl(c.large).url,
  }));
}

/** "$1,234,567" → 1234567; null when absent or not a number. */
function looseFigure(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return orNull(value);
  const cleaned = value.replace(/[$\s]/g, '');
  if (cleaned === '') return null;
  const n = parseLooseNumber(cleaned);
  return n === 0 && !/^0*(\.0*)?$/.test(cleaned.replaceAll(',', '')) ? null : n;
}

export function toTrendingCoins(body: z.output<typeof cgTrendingSchema>): TrendingCoin[] {
  return body.coins.map(({ item }, index) => ({
    id: item.id,
    name: sanitizeCoinText(item.name),
    symbol: sanitizeCoinText(item.symbol).toLowerCase(),
    market_cap_rank: orNull(item.market_cap_rank),
    thumb: safeImageUrl(item.thumb).url,
    large: safeImageUrl(item.large ?? item.small).url,
    score: orNull(item.score) ?? index,
    price_btc: looseFigure(item.price_btc),
    price_usd: looseFigure(item.data?.price),
    price_change_percentage_24h: orNull(item.data?.price_change_percentage_24h?.usd),
    market_cap: looseFigure(item.data?.market_cap),
    total_volume: looseFigure(item.data?.total_volume),
  }));
}
