import {
  apiBase,
  dashboardQuerySchema,
  dashboardResponseSchema,
  entityIdSchema,
  explainQuerySchema,
  explainResponseSchema,
  performanceQuerySchema,
  performanceResponseSchema,
  portfolioMessages,
  portfolioRoutes,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { MarketReader } from '../market/market-reader.ts';
import type { PreferencesReader } from '../portfolios/preferences.ts';
import { notFound } from '../transactions/transactions.service.ts';
import type { DashboardService } from './dashboard.service.ts';
import { createClosesCache, performanceSeries } from './performance.ts';

export async function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; preferences: PreferencesReader; market: MarketReader; clock: Clock },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const closes = createClosesCache();
  const checkId = (id: string) => {
    if (id !== 'all' && !entityIdSchema.safeParse(id).success)
      throw notFound(portfolioMessages.portfolioNotFound);
  };

  r.get(
    `${apiBase}${portfolioRoutes.dashboard}`,
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.dashboard.dashboard(user.id, request.query);
    },
  );

  r.get(
    `${apiBase}${portfolioRoutes.performance}`,
    { schema: { querystring: performanceQuerySchema, response: { 200: performanceResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      checkId(request.query.portfolio_id);
      const prefs = await deps.preferences.get(user.id);
      const loaded = await deps.dashboard.load(user.id, request.query.portfolio_id);
      return performanceSeries({
        books: loaded.map((l) => ({ key: l.book, transactions: l.book.transactions })),
        timeframe: request.query.timeframe,
        baseCurrency: prefs.base_currency,
        market: deps.market,
        closes,
        now: deps.clock(),
      });
    },
  );

  r.get(
    `${apiBase}${portfolioRoutes.explain}`,
    { schema: { querystring: explainQuerySchema, response: { 200: explainResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      checkId(request.query.portfolio_id);
      return deps.dashboard.explain(user.id, request.query.portfolio_id, request.query.coin_id);
    },
  );
}
