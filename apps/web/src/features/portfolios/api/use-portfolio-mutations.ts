import type { PortfolioCreateBody, PortfolioUpdateBody, SymbolMap } from '@app/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { commitImport, createPortfolio, deletePortfolio, updatePortfolio } from './portfolios-api';

// Every figure derives from portfolios, so writes refresh the lists and the dashboard too.
const refreshBooks = (client: QueryClient) =>
  import('@/lib/books-refresh').then((m) => m.refreshBooks(client));

export function usePortfolioMutations() {
  const client = useQueryClient();
  const refresh = () => refreshBooks(client);
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
  };
}

/**
 * Writes the rows an import kept, all or none. The panel shows a refusal in its own place and
 * says "Done" as soon as the rows are in, so the books' refresh that follows is not waited for.
 * Offline it goes to the device's queue at once, as a direct write does, instead of waiting.
 */
export function useCommitImport(portfolioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rows: Parameters<typeof commitImport>[1]; symbolMap: SymbolMap }) =>
      commitImport(portfolioId, input.rows, input.symbolMap),
    networkMode: 'always',
    meta: { silent: true },
    onSuccess: () => {
      void refreshBooks(client);
    },
  });
}
