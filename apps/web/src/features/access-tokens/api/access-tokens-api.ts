import {
  type AccessToken,
  type AccessTokenCreate,
  type AccessTokenCreated,
  accessTokenRoutes,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

/** The response schemas load with the page's first request, beside its later parts (access-token-parts). */
export const schema = schemaLoader(() => import('../access-token-parts'));

const tokenPath = (id: string) => `${accessTokenRoutes.tokens}${encodeURIComponent(id)}/`;

export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: () => [...accessTokenKeys.all, 'list'] as const,
  uses: (id: string) => [...accessTokenKeys.all, 'uses', id] as const,
};

export interface AccessTokenList {
  tokens: AccessToken[];
}

export const accessTokensQuery = () =>
  queryOptions({
    queryKey: accessTokenKeys.list(),
    queryFn: ({ signal }): Promise<AccessTokenList> =>
      apiRequest(accessTokenRoutes.tokens, { schema: schema('accessTokenListSchema'), signal }),
    // The page shows a failed load in place of the list.
    meta: { silent: true },
  });

export const accessTokenUsesQuery = (id: string) =>
  queryOptions({
    queryKey: accessTokenKeys.uses(id),
    queryFn: ({ signal }) =>
      apiRequest(`${tokenPath(id)}uses/`, { schema: schema('accessTokenUsesSchema'), signal }),
    // A script may be using the token right now: every opening of its activity asks again.
    staleTime: 0,
    meta: { silent: true },
  });

/** The portfolio list under the key every feature shares, parsed with this page's schemas. */
export const tokenPortfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));

export function createAccessToken(body: AccessTokenCreate): Promise<AccessTokenCreated> {
  return apiRequest(accessTokenRoutes.tokens, {
    method: 'POST',
    body,
    schema: schema('accessTokenCreatedSchema'),
    // The token is in this answer only: a create replayed later would show it to nobody.
    queueOffline: false,
  });
}

export async function revokeAccessToken(id: string): Promise<void> {
  await apiRequest(tokenPath(id), {
    method: 'DELETE',
    // Revoking is for now: kept offline, the token would go on working while the page says it is gone.
    queueOffline: false,
  });
}
