import type { ChartResponse } from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { coinChartQuery } from './market-api';

const day = 24 * 60 * 60_000;

const sourceNames: Record<ChartResponse['source']['source'], string> = {
  coingecko: 'CoinGecko',
  binance: 'Binance',
  coinbase: 'Coinbase',
  demo: 'the offline demo snapshot',
};

export interface DayPrice {
  price: number;
  /** "Daily close of May 5, 2024 from CoinGecko": where the prefilled number came from. */
  label: string;
}

/**
 * The coin's daily close for the day of `at`, in `currency`, from the stored history: what a buy
 * or sell that day most likely cost. Null while loading, or when the history does not reach that day.
 */
export function useDayPrice(
  coinId: string,
  currency: string,
  at: Date | null,
  enabled: boolean,
): DayPrice | null {
  const { data } = useQuery({
    ...coinChartQuery(coinId, 'ALL', currency),
    enabled: enabled && coinId !== '',
  });
  if (!data || !at || Number.isNaN(at.getTime()) || data.id !== coinId || data.vs_currency !== currency)
    return null;
  const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) + day;
  const point = data.prices.findLast(([t]) => t < end);
  if (!point || end - point[0] > 2 * day) return null;
  const [t, price] = point;
  const stale = data.source.stale ? ', a stale copy' : '';
  return {
    price,
    label: `Daily close of ${formatDate(new Date(t))} from ${sourceNames[data.source.source]}${stale}`,
  };
}
