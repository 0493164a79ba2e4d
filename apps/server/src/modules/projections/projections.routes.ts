import {
  apiBase,
  calculateRequestSchema,
  calculateWithTransactionsResponseSchema,
  portfolioDataQuerySchema,
  portfolioDataResponseSchema,
  projectionCreateSchema,
  projectionFiguresSchema,
  projectionIdParamsSchema,
  projectionListResponseSchema,
  projectionRoutes,
  projectionSchema,
  projectionTransactionParamsSchema,
  projectionUpdateSchema,
  replaceTransactionsBodySchema,
  sellTransactionListResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { ProjectionsService } from './projections.service.ts';

const base = `${apiBase}${projectionRoutes.base}`;
const idParams = projectionIdParamsSchema;
const txParams = projectionTransactionParamsSchema;

/** The projection routes under /api/v2/projections/exit-strategy/. Every route needs a session. */
export async function registerProjectionRoutes(
  app: FastifyInstance,
  deps: { projections: ProjectionsService },
): Promise<void> {
  registerRoutes(app, deps.projections);
}

function registerRoutes(app: FastifyInstance, projections: ProjectionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    { config: { auth: 'user' }, schema: { response: { 200: projectionListResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return projections.list(user.id);
    },
  );

  r.post(
    base,
    {
      config: { auth: 'user' },
      schema: { body: projectionCreateSchema, response: { 201: projectionSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.code(201).send(await projections.create(user.id, request.body));
    },
  );

  // Static segments are registered before `{id}/` so find-my-way prefers them.
  r.get(
    `${base}portfolio-data/`,
    {
      config: { auth: 'user' },
      schema: { querystring: portfolioDataQuerySchema, response: { 200: portfolioDataResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return projections.portfolioData(user.id, request.query.coin_id);
    },
  );

  for (const path of ['calculate/', 'calculate-comprehensive/']) {
    r.post(
      `${base}${path}`,
      {
        config: { auth: 'user' },
        schema: { body: calculateRequestSchema, response: { 200: projectionFiguresSchema } },
      },
      async (request) => {
        requireUser(request);
        return projections.calculate(request.body);
      },
    );
  }

  r.get(
    `${base}:id/`,
    { config: { auth: 'user' }, schema: { params: idParams, response: { 200: projectionSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return projections.get(user.id, request.params.id);
    },
  );

  r.put(
    `${base}:id/`,
    {
      config: { auth: 'user' },
      schema: { params: idParams, body: projectionUpdateSchema, response: { 200: projectionSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return projections.update(user.id, request.params.id, request.body);
    },
  );

  r.delete(
    `${base}:id/`,
    { config: { auth: 'user' }, schema: { params: idParams } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await projections.remove(user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    `${base}:id/transactions/`,
    {
      config: { auth: 'user' },
      schema: { params: idParams, response: { 200: sellTransactionListResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return projections.listTransactions(user.id, request.params.id);
    },
  );

  r.post(
    `${base}:id/transactions/replace/`,
    {
      config: { auth: 'user' },
      schema: {
        params: idParams,
        body: replaceTransactionsBodySchema,
        response: { 200: sellTransactionListResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return projections.replaceTransactions(user.id, request.params.id, request.body);
    },
  );

  r.delete(
    `${base}:id/transactions/:txId/`,
    { config: { auth: 'user' }, schema: { params: txParams } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await projections.deleteTransaction(user.id, request.params.id, request.params.txId);
      return reply.code(204).send();
    },
  );

  r.get(
    `${base}:id/calculate-with-transactions/`,
    {
      config: { auth: 'user' },
      schema: { params: idParams, response: { 200: calculateWithTransactionsResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return projections.calculateWithTransactions(user.id, request.params.id);
    },
  );
}
