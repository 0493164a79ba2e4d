import { taxRoutes, type WhatIfBody, type WhatIfResponse } from '@app/contracts';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

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

/**
 * The shared portfolio list, so the Tax page's copy serves the section too. Its schema comes from
 * this part's own schema module, which the what-if request loads anyway (on the coin page too).
 */
export const whatIfPortfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));
