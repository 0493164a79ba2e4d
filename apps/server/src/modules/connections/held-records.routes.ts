import {
  apiBase,
  connectionIdParamsSchema,
  connectionRecordRoutes,
  heldDecideBodySchema,
  heldRecordListSchema,
  heldRecordSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { HeldRecordsService } from './held-records.service.ts';
import type { SyncRunner } from './sync-runner.ts';

/** The records an exchange sync holds, and the owner's word on those that may be duplicates. */
export async function registerHeldRecordRoutes(
  app: FastifyInstance,
  deps: { held: HeldRecordsService; runner: SyncRunner },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = (route: keyof typeof connectionRecordRoutes) => `${apiBase}${connectionRecordRoutes[route]}`;

  r.get(
    path('held'),
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, response: { 200: heldRecordListSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.held.list(user.id, request.params.id);
    },
  );
  r.post(
    path('decide'),
    {
      config: { auth: 'user' },
      schema: {
        params: connectionIdParamsSchema,
        body: heldDecideBodySchema,
        response: { 202: heldRecordSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const record = await deps.held.decide(user.id, request.params.id, request.body);
      // Only a booking acts on the decision: ask for one now rather than at the next round.
      await deps.runner.request(request.params.id);
      reply.code(202);
      return record;
    },
  );
}
