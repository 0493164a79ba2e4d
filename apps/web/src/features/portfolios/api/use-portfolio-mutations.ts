import type { PortfolioCreateBody, PortfolioUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPortfolio, deletePortfolio, updatePortfolio } from './portfolios-api';

export function usePortfolioMutations() {
  const client = useQueryClient();
  // Every figure derives from portfolios, so writes refresh the lists and the dashboard too.
  const refresh = () => import('@/lib/books-refresh').then((m) => m.refreshBooks(client));
  return {
    create: useMutation({
      mutationFn: (body: PortfolioCreateBody) => createPortfolio(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (input: { id: string; body: PortfolioUpdateBody }) => updatePortfolio(input.id, input.body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => deletePortfolio(id), onSuccess: refresh }),
    refresh,
  };
}
