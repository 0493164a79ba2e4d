import { marketRoutes, type Watchlist, type WatchlistItem } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { marketKeys } from '@/lib/market';

/** The watchlists' response schemas load with their first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./watchlists-schemas'));

export const watchlistKeys = { all: ['watchlists'] as const };

export const watchlistsQuery = () =>
  queryOptions({
    queryKey: watchlistKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest(marketRoutes.watchlists, { schema: schema('watchlistListSchema'), signal })).results,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: watchlistKeys.all });
    void client.invalidateQueries({ queryKey: [...marketKeys.all, 'user-coins'] });
  };
}

export function useCreateWatchlist() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { name: string; coin_ids?: string[] }): Promise<Watchlist> =>
      apiRequest(marketRoutes.watchlists, { method: 'POST', body: input, schema: schema('watchlistSchema') }),
    onSuccess: invalidate,
  });
}

export function useRenameWatchlist() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }): Promise<Watchlist> =>
      apiRequest(marketRoutes.watchlist(id), {
        method: 'PATCH',
        body: { name },
        schema: schema('watchlistSchema'),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteWatchlist() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string): Promise<void> => apiRequest(marketRoutes.watchlist(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAddWatchlistItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { watchlist_id: string; coin_id: string }): Promise<WatchlistItem> =>
      apiRequest(marketRoutes.watchlistItems, {
        method: 'POST',
        body: input,
        schema: schema('watchlistItemSchema'),
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveWatchlistItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string): Promise<void> =>
      apiRequest(marketRoutes.watchlistItem(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
