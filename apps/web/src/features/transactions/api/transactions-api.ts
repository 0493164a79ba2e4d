import {
  marketRoutes,
  portfolioRoutes,
  type Transaction,
  type TransactionCheckBody,
  type TransactionCreateBody,
  type TransactionListQuery,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./transactions-schemas'));

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (filters: Partial<TransactionListQuery>) => [...transactionKeys.all, 'list', filters] as const,
  options: () => [...transactionKeys.all, 'options'] as const,
  available: (portfolioId: string) => [...transactionKeys.all, 'available', portfolioId] as const,
  coins: () => ['coin-picker', 'market-select', 'transactions'] as const,
  coinSearch: (query: string) => ['coin-picker', 'market-select', 'search', query] as const,
};

/** Option lists stale after 5 min. */
const optionsStaleMs = 5 * 60_000;

export const transactionsQuery = (filters: Partial<TransactionListQuery>) =>
  queryOptions({
    queryKey: transactionKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
      return apiRequest(`${portfolioRoutes.transactions}?${params.toString()}`, {
        schema: schema('transactionListResponseSchema'),
        signal,
      });
    },
  });

export const transactionOptionsQuery = () =>
  queryOptions({
    queryKey: transactionKeys.options(),
    queryFn: ({ signal }) =>
      apiRequest(portfolioRoutes.transactionOptions, { schema: schema('transactionOptionsSchema'), signal }),
    staleTime: optionsStaleMs,
  });

/** Kept under this name for the transaction pages; the lookup itself is shared (lib). */
export { cryptoOptionsQuery } from '@/lib/coin-lookup';

export const availableQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: transactionKeys.available(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(`${portfolioRoutes.availableCryptocurrencies}?portfolio_id=${portfolioId}`, {
        schema: schema('availableCryptocurrenciesResponseSchema'),
        signal,
      }),
    enabled: portfolioId !== '',
  });

/** The coins a transaction can be for: the market's top 100 (the market module's picker list). */
export const coinChoicesQuery = () =>
  queryOptions({
    queryKey: transactionKeys.coins(),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.marketSelect}?limit=100`, {
        schema: schema('marketSelectResponseSchema'),
        signal,
      }),
    staleTime: optionsStaleMs,
  });

/** The market's coins whose name or ticker holds the typed text, for the coin field's list. */
export const coinSearchQuery = (query: string) =>
  queryOptions({
    queryKey: transactionKeys.coinSearch(query),
    queryFn: ({ signal }) =>
      apiRequest(`${marketRoutes.marketSelect}?limit=100&search=${encodeURIComponent(query)}`, {
        schema: schema('marketSelectResponseSchema'),
        signal,
      }),
    staleTime: optionsStaleMs,
  });

export function createTransaction(body: TransactionCreateBody): Promise<Transaction> {
  return apiRequest(portfolioRoutes.transactions, {
    method: 'POST',
    body,
    schema: schema('transactionSchema'),
  });
}

export function updateTransaction(id: string, body: TransactionCreateBody): Promise<Transaction> {
  return apiRequest(portfolioRoutes.transaction(id), {
    method: 'PUT',
    body,
    schema: schema('transactionSchema'),
  });
}

export async function deleteTransaction(id: string): Promise<void> {
  await apiRequest(portfolioRoutes.transaction(id), { method: 'DELETE' });
}

export function previewTransaction(body: TransactionCheckBody, signal?: AbortSignal) {
  return apiRequest(portfolioRoutes.preview, {
    method: 'POST',
    body,
    schema: schema('transactionPreviewResponseSchema'),
    queueOffline: false,
    ...(signal ? { signal } : {}),
  });
}
