import { portfolioRoutes } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./dashboard-schemas'));
/** For the page's `firstParts` (app/routes): the schemas of its first answers. */
export const preloadDashboardSchemas = schema.preload;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: (portfolioId: string) => [...dashboardKeys.all, 'metrics', portfolioId] as const,
  performance: (portfolioId: string, timeframe: string) =>
    [...dashboardKeys.all, 'performance', portfolioId, timeframe] as const,
  explain: (portfolioId: string, coinId: string) =>
    [...dashboardKeys.all, 'explain', portfolioId, coinId] as const,
  recent: (portfolioId: string) => ['transactions', 'recent', portfolioId] as const,
};

/** One request answers every metric view, so switching metrics never waits. */
export const dashboardQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: dashboardKeys.metrics(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(
        `${portfolioRoutes.dashboard}?portfolio_id=${portfolioId}&metrics=holdings,roi,capital,cost_basis,positions`,
        { schema: schema('dashboardResponseSchema'), signal },
      ),
  });

export const performanceQuery = (portfolioId: string, timeframe: string) =>
  queryOptions({
    queryKey: dashboardKeys.performance(portfolioId, timeframe),
    queryFn: ({ signal }) =>
      apiRequest(`${portfolioRoutes.performance}?portfolio_id=${portfolioId}&timeframe=${timeframe}`, {
        schema: schema('performanceResponseSchema'),
        signal,
      }),
  });

export const explainQuery = (portfolioId: string, coinId: string) =>
  queryOptions({
    queryKey: dashboardKeys.explain(portfolioId, coinId),
    queryFn: ({ signal }) =>
      apiRequest(`${portfolioRoutes.explain}?portfolio_id=${portfolioId}&coin_id=${coinId}`, {
        schema: schema('explainResponseSchema'),
        signal,
      }),
  });

export const dashboardPortfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));

export const recentTransactionsQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: dashboardKeys.recent(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(
        `${portfolioRoutes.transactions}?page_size=5${portfolioId === 'all' ? '' : `&portfolio_id=${portfolioId}`}`,
        { schema: schema('transactionListResponseSchema'), signal },
      ),
  });
