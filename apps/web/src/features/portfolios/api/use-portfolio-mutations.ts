import type { PortfolioCreateBody, PortfolioUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPortfolio, deletePortfolio, updatePortfolio } from './portfolios-api';

/** Every figure derives from portfolios, so writes refresh the lists and the dashboard too. */
export const dependentKeys = [['portfolios'], ['transactions'], ['dashboard']] as const;

export function usePortfolioMutations() {
  const client = useQueryClient();
  const refresh = () => Promise.all(dependentKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
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
