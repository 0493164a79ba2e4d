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
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { PreferencesReader } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import type { DashboardService } from './dashboard.service.ts';

/**
 * The dashboard and the performance series are large answers, and re-validating our own output
 * against the contract on every request would cost more than computing them warm (zod also
 * compiles the schema on a fresh process's first request): the handlers' return types are checked
 * against the same schemas at compile time, and dashboard.test.ts parses every response shape
 * with them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export async function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; preferences: PreferencesReader; market: MarketReader; clock: Clock },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Stored closes load in the background from the start; the first chart joins the load.
  let preloading: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    preloading = deps.dashboard
      .preload()
      .catch((error: unknown) => app.log.warn({ err: error }, 'daily closes preload failed'));
  });
  app.addHook('onClose', async () => {
    await preloading;
    await deps.dashboard.settle();
  });
  const checkId = (id: string) => {
    if (id !== 'all' && !entityIdSchema.safeParse(id).success)
      throw notFound(portfolioMessages.portfolioNotFound);
  };

  r.get(
    `${apiBase}${portfolioRoutes.dashboard}`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'query.portfolio_id' } },
      schema: { querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.dashboard.dashboard(user.id, request.query);
    },
  );

  r.get(
    `${apiBase}${portfolioRoutes.performance}`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'query.portfolio_id' } },
      schema: { querystring: performanceQuerySchema, response: { 200: performanceResponseSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      checkId(request.query.portfolio_id);
      return deps.dashboard.performance(user.id, request.query);
    },
  );

  r.get(
    `${apiBase}${portfolioRoutes.explain}`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'query.portfolio_id' } },
      schema: { querystring: explainQuerySchema, response: { 200: explainResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      checkId(request.query.portfolio_id);
      return deps.dashboard.explain(user.id, request.query.portfolio_id, request.query.coin_id);
    },
  );
}
