import {
  type PortfolioShare,
  type ShareCreateBody,
  type ShareListResponse,
  type ShareRole,
  shareRoutes,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioKeys } from './portfolios-api';

const schema = schemaLoader(() => import('./shares-schemas'));

export const shareKeys = {
  all: [...portfolioKeys.all, 'shares'] as const,
  of: (portfolioId: string) => [...shareKeys.all, portfolioId] as const,
};

export const sharesQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: shareKeys.of(portfolioId),
    queryFn: ({ signal }): Promise<ShareListResponse> =>
      apiRequest(shareRoutes.shares(portfolioId), { schema: schema('shareListResponseSchema'), signal }),
  });

/** Sharing is done online: a share offered while offline would reach its member at an unknown time. */
export function useShareMutations(portfolioId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shareKeys.of(portfolioId) });
  return {
    add: useMutation({
      mutationFn: (body: ShareCreateBody): Promise<PortfolioShare> =>
        apiRequest(shareRoutes.shares(portfolioId), {
          method: 'POST',
          body,
          schema: schema('shareSchema'),
          queueOffline: false,
        }),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: (input: { id: string; role: ShareRole }): Promise<PortfolioShare> =>
        apiRequest(shareRoutes.share(portfolioId, input.id), {
          method: 'PATCH',
          body: { role: input.role },
          schema: schema('shareSchema'),
          queueOffline: false,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await apiRequest(shareRoutes.share(portfolioId, id), { method: 'DELETE', queueOffline: false });
      },
      onSuccess: refresh,
    }),
  };
}

/**
 * A member leaves a portfolio shared with them (the owner can share it again). It leaves their
 * books too, so every figure is asked for again; the button words a failure itself. It runs at
 * once even offline, where it fails and says so, rather than waiting unseen for the network.
 */
export function useLeaveShare(portfolioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: string) => {
      await apiRequest(shareRoutes.share(portfolioId, shareId), { method: 'DELETE', queueOffline: false });
    },
    networkMode: 'always',
    meta: { silent: true },
    // Not awaited: the leave is done once the server says so, whatever the refresh meets.
    onSuccess: () => {
      void import('@/lib/books-refresh').then((m) => m.refreshBooks(client));
    },
  });
}
