import { taxDecisionsRoutes } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { taxKeys } from '@/lib/tax/tax-api';

const schema = schemaLoader(() => import('./decisions-schemas'));

/**
 * This tax year's decisions for a scope. Under the 'tax' key, so a rule or rate change refreshes
 * it with every tax figure; fetched again on every visit, as the books may have changed elsewhere.
 */
export const decisionsQuery = (portfolioId: string) =>
  queryOptions({
    staleTime: 0,
    queryKey: [...taxKeys.all, 'decisions', portfolioId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${taxDecisionsRoutes.decisions}?portfolio_id=${portfolioId}`, {
        schema: schema('taxDecisionsSchema'),
        signal,
      }),
  });
