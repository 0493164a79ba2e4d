import {
  type CalculateWithTransactionsResponse,
  type MarketSelectItem,
  marketLimits,
  marketRoutes,
  type PortfolioDataResponse,
  type Projection,
  type ProjectionCreateInput,
  type ProjectionUpdateInput,
  projectionMessages,
  projectionRoutes,
  type ReplaceTransactionItem,
  type SellTransaction,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./projections-schemas'));
/** For the page's `firstParts` (app/routes): the schemas of its first answers. */
export const preloadProjectionSchemas = schema.preload;

/** One query-key factory for the feature; mutations invalidate through it. */
export const projectionKeys = {
  all: ['projections'] as const,
  list: () => [...projectionKeys.all, 'list'] as const,
  detail: (id: string) => [...projectionKeys.all, 'detail', id] as const,
  portfolioData: (coinId: string) => [...projectionKeys.all, 'portfolio-data', coinId] as const,
  picker: (currency: string) => ['coin-picker', 'market-select', currency] as const,
  search: (q: string) => ['coin-picker', 'search', q] as const,
};

/** Option lists go stale after 5 min, and the picker is cached for 5 minutes. */
export const pickerCacheMs = 5 * 60_000;

/** A list failure shows the server's error text, or 'Failed to fetch projections'. */
export function listErrorText(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return projectionMessages.fetchFailed;
}

export const listProjections = (signal?: AbortSignal): Promise<Projection[]> =>
  apiRequest(projectionRoutes.base, {
    schema: schema('projectionListResponseSchema'),
    ...(signal ? { signal } : {}),
  });

export const createProjection = (body: ProjectionCreateInput): Promise<Projection> =>
  apiRequest(projectionRoutes.base, { method: 'POST', body, schema: schema('projectionSchema') });

export const updateProjection = (id: string, body: ProjectionUpdateInput): Promise<Projection> =>
  apiRequest(projectionRoutes.one(id), { method: 'PUT', body, schema: schema('projectionSchema') });

export const deleteProjection = (id: string): Promise<void> =>
  apiRequest(projectionRoutes.one(id), { method: 'DELETE' });

export const getProjectionWithFigures = (
  id: string,
  signal?: AbortSignal,
): Promise<CalculateWithTransactionsResponse> =>
  apiRequest(projectionRoutes.calculateWithTransactions(id), {
    schema: schema('calculateWithTransactionsResponseSchema'),
    ...(signal ? { signal } : {}),
  });

export const listTransactions = (id: string): Promise<SellTransaction[]> =>
  apiRequest(projectionRoutes.transactions(id), { schema: schema('sellTransactionListResponseSchema') });

export const replaceTransactions = (id: string, rows: ReplaceTransactionItem[]): Promise<SellTransaction[]> =>
  apiRequest(projectionRoutes.replaceTransactions(id), {
    method: 'POST',
    body: { transactions: rows },
    schema: schema('sellTransactionListResponseSchema'),
  });

export const getPortfolioData = (coinId: string, signal?: AbortSignal): Promise<PortfolioDataResponse> =>
  apiRequest(`${projectionRoutes.portfolioData}?coin_id=${encodeURIComponent(coinId)}`, {
    schema: schema('portfolioDataResponseSchema'),
    ...(signal ? { signal } : {}),
  });

/** A picker entry: the market_select item, or a search hit filled in with neutral values. */
export type PickerCoin = Pick<
  MarketSelectItem,
  'id' | 'symbol' | 'name' | 'image' | 'user_favorite' | 'available_balance'
> & { db_id: string | null };

export const projectionsListQuery = () =>
  queryOptions({ queryKey: projectionKeys.list(), queryFn: ({ signal }) => listProjections(signal) });

export const projectionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: projectionKeys.detail(id),
    queryFn: ({ signal }) => getProjectionWithFigures(id, signal),
  });

export const portfolioDataQuery = (coinId: string) =>
  queryOptions({
    queryKey: projectionKeys.portfolioData(coinId),
    queryFn: ({ signal }) => getPortfolioData(coinId, signal),
    meta: { silent: true },
  });

export const marketSelectQuery = (currency: string) =>
  queryOptions({
    queryKey: projectionKeys.picker(currency),
    queryFn: async ({ signal }): Promise<PickerCoin[]> => {
      const query = `?limit=${marketLimits.marketSelectMax}&vs_currency=${encodeURIComponent(currency)}`;
      const body = await apiRequest(`${marketRoutes.marketSelect}${query}`, {
        schema: schema('marketSelectResponseSchema'),
        signal,
      });
      return body.cryptocurrencies;
    },
    staleTime: pickerCacheMs,
    gcTime: pickerCacheMs,
  });

export const coinSearchQuery = (q: string) =>
  queryOptions({
    queryKey: projectionKeys.search(q),
    queryFn: async ({ signal }): Promise<PickerCoin[]> => {
      const query = `?q=${encodeURIComponent(q)}&limit=${marketLimits.searchLimit}`;
      const body = await apiRequest(`${marketRoutes.search}${query}`, {
        schema: schema('searchResultSchema'),
        signal,
      });
      return body.coins.map((coin) => ({
        id: coin.id,
        db_id: null,
        symbol: coin.symbol,
        name: coin.name,
        image: coin.large || coin.thumb,
        user_favorite: false,
        available_balance: '0',
      }));
    },
    staleTime: pickerCacheMs,
    gcTime: pickerCacheMs,
  });
