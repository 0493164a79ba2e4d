import { type TransferPairBody, type TransfersResponse, transferRoutes } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** The response schema loads with the first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./transfers-schemas'));

export const transferKeys = {
  all: ['transfers'] as const,
  list: () => [...transferKeys.all, 'list'] as const,
};

export const transfersQuery = () =>
  queryOptions({
    queryKey: transferKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest(transferRoutes.list, { schema: schema('transfersResponseSchema'), signal }),
  });

export type TransferDecision = 'confirm' | 'undo' | 'match';

function decide(decision: TransferDecision, body: TransferPairBody): Promise<TransfersResponse> {
  return apiRequest(transferRoutes[decision], {
    method: 'POST',
    body,
    schema: schema('transfersResponseSchema'),
    // A decision is made on the list as the person sees it now; replayed later it could pair
    // movements that changed meanwhile.
    queueOffline: false,
  });
}

/**
 * Confirm, undo or match by hand. The answer is the new list; the books it changed are asked
 * again. `silent`: the caller shows the refusal itself (field errors of a match by hand).
 */
export function useTransferDecision(decision: TransferDecision, options: { silent?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferPairBody) => decide(decision, body),
    onSuccess: async (list) => {
      await client.cancelQueries({ queryKey: transferKeys.list() });
      client.setQueryData(transferKeys.list(), list);
      // The decision changed which lots moved, their cost and dates: every figure of the books,
      // and the tax figures and returns under the tax root.
      await import('@/lib/books-refresh').then((m) => m.refreshBooks(client, ['tax']));
    },
    meta: { silent: options.silent === true },
  });
}
