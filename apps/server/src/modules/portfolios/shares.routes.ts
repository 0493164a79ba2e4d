import {
  apiBase,
  portfolioIdParamsSchema,
  shareCreateBodySchema,
  shareListResponseSchema,
  shareParamsSchema,
  shareSchema,
  shareUpdateBodySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { SharesService } from './shares.service.ts';

/** `/portfolios/:id/shares/`: the owner's list of who may see or edit the portfolio. */
export async function registerShareRoutes(
  app: FastifyInstance,
  deps: { shares: SharesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${apiBase}/v2/portfolios/:id/shares/`;

  r.get(
    base,
    {
      config: { auth: 'user' },
      schema: { params: portfolioIdParamsSchema, response: { 200: shareListResponseSchema } },
    },
    async (request) => deps.shares.list(requireUser(request).user.id, request.params.id),
  );

  r.post(
    base,
    {
      config: { auth: 'user' },
      schema: {
        params: portfolioIdParamsSchema,
        body: shareCreateBodySchema,
        response: { 201: shareSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return deps.shares.create(requireUser(request).user.id, request.params.id, request.body);
    },
  );

  r.patch(
    `${base}:shareId/`,
    {
      config: { auth: 'user' },
      schema: { params: shareParamsSchema, body: shareUpdateBodySchema, response: { 200: shareSchema } },
    },
    async (request) =>
      deps.shares.update(
        requireUser(request).user.id,
        request.params.id,
        request.params.shareId,
        request.body,
      ),
  );

  r.delete(
    `${base}:shareId/`,
    { config: { auth: 'user' }, schema: { params: shareParamsSchema } },
    async (request, reply) => {
      await deps.shares.remove(requireUser(request).user.id, request.params.id, request.params.shareId);
      return reply.code(204).send();
    },
  );
}
