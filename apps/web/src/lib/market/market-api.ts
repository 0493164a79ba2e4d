import { type ChartTimeframe, type CoinListOrder, marketRoutes } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** The market's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./market-schemas'));

/** One key factory for market data; a base-currency switch or a `buffers` event refetches it all. */
export const marketKeys = {
  all: ['market'] as const,
  list: (params: CoinListParams) => ['market', 'list', params] as const,
  global: (vs: string) => ['market', 'global', vs] as const,
  trending: (vs: string) => ['market', 'trending', vs] as const,
  top: (vs: string) => ['market', 'top', vs] as const,
  breadth: (vs: string, maDays: number) => ['market', 'breadth', vs, maDays] as const,
  search: (vs: string, q: string) => ['market', 'search', vs, q] as const,
  details: (id: string, vs: string) => ['market', 'details', id, vs] as const,
  chart: (id: string, tf: ChartTimeframe, vs: string) => ['market', 'chart', id, tf, vs] as const,
  ohlc: (id: string, days: number | 'max', vs: string) => ['market', 'ohlc', id, days, vs] as const,
  userCoins: (vs: string) => ['market', 'user-coins', vs] as const,
  select: (vs: string, search: string) => ['market', 'select', vs, search] as const,
};

export interface CoinListParams {
  vs: string;
  page?: number;
  perPage?: number;
  order?: CoinListOrder;
  category?: string;
  excludeStablecoins?: boolean;
  sparkline?: boolean;
}

function qs(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const withSignal = (signal: AbortSignal) => ({ signal });

export const coinListQuery = (p: CoinListParams) =>
  queryOptions({
    queryKey: marketKeys.list(p),
    queryFn: ({ signal }) =>
      apiRequest(
        `${marketRoutes.list}${qs({
          vs_currency: p.vs,
          page: p.page,
          per_page: p.perPage,
          order: p.order,
          category: p.category,
          exclude_stablecoins: p.excludeStablecoins ? 'true' : undefined,
          sparkline: p.sparkline ? 'true' : undefined,
        })}`,
        { schema: schema('coinListPageParser'), ...withSignal(signal) },
      ),
    placeholderData: keepPreviousData,
  });

export const globalDataQuery = (vs: string) =>
  queryOptions({
    queryKey: marketKeys.global(vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.globalData}${qs({ vs_currency: vs })}`, {
        schema: schema('globalDataResponseSchema'),
        ...withSignal(signal),
      }),
  });

export const trendingQuery = (vs: string) =>
  queryOptions({
    queryKey: marketKeys.trending(vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.trending}${qs({ vs_currency: vs })}`, {
        schema: schema('trendingResponseSchema'),
        ...withSignal(signal),
      }),
  });

export const topPerformingQuery = (vs: string) =>
  queryOptions({
    queryKey: marketKeys.top(vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.topPerforming}${qs({ vs_currency: vs, limit: 15 })}`, {
        schema: schema('coinResultsResponseSchema'),
        ...withSignal(signal),
      }),
  });

export const breadthQuery = (vs: string, maDays = 7) =>
  queryOptions({
    queryKey: marketKeys.breadth(vs, maDays),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.marketBreadth}${qs({ vs_currency: vs, ma_days: maDays })}`, {
        schema: schema('marketBreadthSchema'),
        ...withSignal(signal),
      }),
  });

export const coinSearchQuery = (vs: string, q: string) =>
  queryOptions({
    queryKey: marketKeys.search(vs, q),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.coinSearch}${qs({ vs_currency: vs, q, limit: 10 })}`, {
        schema: schema('coinResultsResponseSchema'),
        ...withSignal(signal),
      }),
  });

export const coinDetailsQuery = (id: string, vs: string) =>
  queryOptions({
    queryKey: marketKeys.details(id, vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.details(id)}${qs({ vs_currency: vs })}`, {
        schema: schema('coinDetailsResponseSchema'),
        ...withSignal(signal),
      }),
  });

export const coinChartQuery = (id: string, timeframe: ChartTimeframe, vs: string) =>
  queryOptions({
    queryKey: marketKeys.chart(id, timeframe, vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.chart(id)}${qs({ vs_currency: vs, timeframe })}`, {
        schema: schema('chartResponseSchema'),
        ...withSignal(signal),
      }),
    placeholderData: keepPreviousData,
  });

export const ohlcQuery = (id: string, days: number | 'max', vs: string) =>
  queryOptions({
    queryKey: marketKeys.ohlc(id, days, vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.terminalOhlc(id)}${qs({ vs_currency: vs, days })}`, {
        schema: schema('ohlcResponseSchema'),
        ...withSignal(signal),
      }),
    placeholderData: keepPreviousData,
  });

export const userCoinsQuery = (vs: string) =>
  queryOptions({
    queryKey: marketKeys.userCoins(vs),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.userCoins}${qs({ vs_currency: vs })}`, {
        schema: schema('userCoinsResponseSchema'),
        ...withSignal(signal),
      }),
  });

/** The coin picker list is cached for 5 minutes. */
export const marketSelectQuery = (vs: string, search = '', limit = 100) =>
  queryOptions({
    queryKey: marketKeys.select(vs, search),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.marketSelect}${qs({ vs_currency: vs, search, limit })}`, {
        schema: schema('marketSelectResponseSchema'),
        ...withSignal(signal),
      }),
    staleTime: 5 * 60_000,
  });
