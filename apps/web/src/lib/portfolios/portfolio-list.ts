import { type PortfolioListResponse, portfolioRoutes } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type SchemaSource } from '@/lib/api/client';

/**
 * The portfolios' query keys. The list is read by many features (Metrics, Insights, connections,
 * tokens, tax), so its key lives here, beside them all, and every write to a portfolio refreshes
 * through it.
 */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: () => [...portfolioKeys.all, 'list'] as const,
};

/**
 * The portfolio list, one query for every page. Each page passes the list's schema from its own
 * schema module: that module already loads with the page's first request, so sharing the query
 * adds no chunk to fetch.
 */
export const portfolioListQuery = (schema: SchemaSource<PortfolioListResponse>) =>
  queryOptions({
    queryKey: portfolioKeys.list(),
    queryFn: ({ signal }) => apiRequest(portfolioRoutes.portfolios, { schema, signal }),
  });
