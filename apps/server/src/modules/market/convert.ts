import type { CoinMarket } from '@app/contracts';

const moneyFields = [
  'market_cap',
  'total_volume',
  'high_24h',
  'low_24h',
  'price_change_24h',
  'ath',
  'atl',
] as const;

/**
 * Re-prices a USD quote in another currency by today's rate. Percent changes are kept as
 * USD percentages (the cache holds one USD copy of the market, not one per currency), which
 * differs from a native quote only by the currency's own move over the window.
 */
export function convertCoin(coin: CoinMarket, factor: number): CoinMarket {
  if (factor === 1) return coin;
  const out: CoinMarket = { ...coin, current_price: coin.current_price * factor };
  for (const field of moneyFields) {
    const v = coin[field];
    out[field] = v === null ? null : v * factor;
  }
  // ath_change_percentage stays: both sides are scaled alike.
  if (coin.sparkline_in_7d)
    out.sparkline_in_7d = { price: coin.sparkline_in_7d.price.map((p) => p * factor) };
  return out;
}

/** Drops the sparkline when not asked for, without copying the rest. */
export function withoutSparkline(coin: CoinMarket): CoinMarket {
  if (!coin.sparkline_in_7d) return coin;
  const { sparkline_in_7d: _drop, ...rest } = coin;
  return rest;
}
