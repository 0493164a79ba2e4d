import {
  apiBase,
  connectionCreateBodySchema,
  connectionDeleteQuerySchema,
  connectionIdParamsSchema,
  connectionListResponseSchema,
  connectionRoutes,
  connectionSchema,
  connectionUpdateBodySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { ConnectionsService } from './connections.service.ts';

export async function registerConnectionRoutes(
  app: FastifyInstance,
  deps: { connections: ConnectionsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { connections } = deps;
  const list = `${apiBase}${connectionRoutes.list}`;
  const one = `${list}:id/`;

  r.get(
    list,
    { config: { auth: 'user' }, schema: { response: { 200: connectionListResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      const results = await connections.list(user.id);
      return { results, count: results.length };
    },
  );
  r.post(
    list,
    {
      config: { auth: 'user' },
      schema: { body: connectionCreateBodySchema, response: { 201: connectionSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const created = await connections.create(user.id, request.body);
      reply.code(201);
      return created;
    },
  );
  r.get(
    one,
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, response: { 200: connectionSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return connections.get(user.id, request.params.id);
    },
  );
  r.patch(
    one,
    {
      config: { auth: 'user' },
      schema: {
        params: connectionIdParamsSchema,
        body: connectionUpdateBodySchema,
        response: { 200: connectionSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return connections.update(user.id, request.params.id, request.body);
    },
  );
  r.delete(
    one,
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, querystring: connectionDeleteQuerySchema },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      await connections.remove(user.id, request.params.id, request.query);
      reply.code(204);
    },
  );
}
