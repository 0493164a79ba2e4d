import { portfolioRoutes } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { connectionKeys, connectionPaths, pathOf } from './connections-api';

/*
 * What a connection's detail view reads below its first paint (reconciliation, tokens, the rows
 * that wait for their owner and the transfers they may match): only its sections, in the
 * feature's lazy chunk, ask for them, so they stay out of the pages' first load.
 */

/** The response schemas load with the first request, in the feature's lazy chunk (connection-parts). */
const schema = schemaLoader(() => import('../connection-parts'));

export const reconciliationQuery = (id: string) =>
  queryOptions({
    queryKey: connectionKeys.reconciliation(id),
    // The section says it failed in its own place.
    meta: { silent: true },
    queryFn: ({ signal }) =>
      apiRequest(pathOf(connectionPaths.reconciliation, { id }), {
        schema: schema('connectionReconciliationSchema'),
        signal,
      }),
  });

export const tokensQuery = (id: string) =>
  queryOptions({
    queryKey: connectionKeys.tokens(id),
    // The section says it failed in its own place.
    meta: { silent: true },
    queryFn: ({ signal }) =>
      apiRequest(pathOf(connectionPaths.tokens, { id }), {
        schema: schema('connectionTokenListSchema'),
        signal,
      }),
  });

/** The rows still `received` or `sent`: what waits for the owner to say what it was. */
export const waitingQuery = (id: string) =>
  queryOptions({
    queryKey: connectionKeys.waiting(id),
    // The section says it failed in its own place.
    meta: { silent: true },
    queryFn: ({ signal }) =>
      apiRequest(`${pathOf(connectionPaths.transactions, { id })}?waiting=true&page_size=500`, {
        schema: schema('transactionListResponseSchema'),
        signal,
      }),
  });

/** The other half an own transfer could be matched to: the user's rows of that type and coin. */
export const transferCandidatesQuery = (type: 'transfer_in' | 'transfer_out', coinId: string) =>
  queryOptions({
    queryKey: connectionKeys.transferCandidates(type, coinId),
    // The section says it failed in its own place.
    meta: { silent: true },
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ type, coin_id: coinId, page_size: '500' });
      return apiRequest(`${portfolioRoutes.transactions}?${params.toString()}`, {
        schema: schema('transactionListResponseSchema'),
        signal,
      });
    },
  });
