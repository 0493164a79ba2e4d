import type { CoinListOrder, CoinMarket } from '@app/contracts';
import { isStablecoin } from './coin-rules.ts';
import { normaliseSearchQuery, searchMatchScore } from './search-query.ts';

type Key = (c: CoinMarket) => number | string | null;

const orderKeys: Record<string, Key> = {
  market_cap: (c) => c.market_cap,
  volume: (c) => c.total_volume,
  price: (c) => c.current_price,
  change_1h: (c) => c.price_change_percentage_1h,
  change_24h: (c) => c.price_change_percentage_24h,
  change_7d: (c) => c.price_change_percentage_7d,
  name: (c) => c.name.toLowerCase(),
};

/** Sorts a copy; missing values always sink to the end whatever the direction. */
export function sortCoins(coins: readonly CoinMarket[], order: CoinListOrder): CoinMarket[] {
  const desc = order.endsWith('_desc');
  const key = orderKeys[order.replace(/_(asc|desc)$/, '')] ?? orderKeys.market_cap;
  if (!key) return [...coins];
  return [...coins].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const cmp = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -cmp : cmp;
  });
}

export interface CoinFilter {
  search?: string | undefined;
  category?: string | undefined;
  excludeStablecoins?: boolean;
}

/** Search rules: under 2 characters after trimming means no search filter. */
export function filterCoins(coins: readonly CoinMarket[], filter: CoinFilter): CoinMarket[] {
  const q = normaliseSearchQuery(filter.search);
  const category = filter.category?.trim() || undefined;
  let out = coins.filter(
    (c) =>
      (!filter.excludeStablecoins || !isStablecoin(c)) &&
      (category === undefined || (c.categories ?? []).includes(category)),
  );
  if (q !== null) {
    out = out
      .map((c) => ({ c, score: searchMatchScore(c, q) }))
      .filter((x): x is { c: CoinMarket; score: number } => x.score !== null)
      .sort((a, b) => a.score - b.score || (a.c.market_cap_rank ?? 1e9) - (b.c.market_cap_rank ?? 1e9))
      .map((x) => x.c);
  }
  return out;
}

export const aboveMovingAverageDefinition = (days: number) =>
  `Share of tracked coins whose current price is above the mean of their hourly prices over the last ${days} day${days === 1 ? '' : 's'} (the ${days}-day simple moving average), among coins with that much hourly history.`;

export interface Breadth {
  total: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  aboveMa: { days: number; eligible: number; count: number; share: number | null; definition: string };
}

/**
 * Market breadth over the tracked coins: advancers and decliners by 24h change, and the
 * share above their N-day moving average, taken from the 7-day hourly sparkline (so every
 * tracked coin can be judged without a history download).
 */
export function marketBreadth(coins: readonly CoinMarket[], maDays: number): Breadth {
  let advancers = 0;
  let decliners = 0;
  let unchanged = 0;
  let eligible = 0;
  let above = 0;
  const points = Math.round(maDays * 24);
  for (const c of coins) {
    const change = c.price_change_percentage_24h;
    if (change === null || change === 0) unchanged += 1;
    else if (change > 0) advancers += 1;
    else decliners += 1;
    const series = c.sparkline_in_7d?.price ?? [];
    if (series.length < points) continue;
    const window = series.slice(-points);
    const mean = window.reduce((s, p) => s + p, 0) / window.length;
    eligible += 1;
    if (c.current_price > mean) above += 1;
  }
  return {
    total: coins.length,
    advancers,
    decliners,
    unchanged,
    aboveMa: {
      days: maDays,
      eligible,
      count: above,
      share: eligible === 0 ? null : above / eligible,
      definition: aboveMovingAverageDefinition(maDays),
    },
  };
}

/** Best 24h performers, stablecoins left out (they only ever wobble around the peg). */
export function topPerformers(coins: readonly CoinMarket[], limit: number): CoinMarket[] {
  return sortCoins(
    coins.filter((c) => !isStablecoin(c) && c.price_change_percentage_24h !== null),
    'change_24h_desc',
  ).slice(0, limit);
}
