import { portfolioRoutes, taxRoutes, type WhatIfBody, type WhatIfResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

const schema = schemaLoader(() => import('./what-if-schemas'));

/**
 * Tries a sale on the server; nothing is written. Never kept for replay offline: the answer is
 * about the books and prices of now.
 */
export function requestWhatIf(body: WhatIfBody): Promise<WhatIfResponse> {
  return apiRequest(taxRoutes.whatIf, {
    method: 'POST',
    body,
    schema: schema('whatIfResponseSchema'),
    queueOffline: false,
  });
}

/** The portfolio list under the key every page shares, so the Tax page's copy serves the section too. */
export const whatIfPortfoliosQuery = () =>
  queryOptions({
    queryKey: ['portfolios', 'list'],
    queryFn: ({ signal }) =>
      apiRequest(portfolioRoutes.portfolios, { schema: schema('portfolioListResponseSchema'), signal }),
  });
