import {
  alertCreateBodySchema,
  alertIdParamsSchema,
  alertListResponseSchema,
  alertRoutes,
  alertSchema,
  alertUpdateBodySchema,
  apiBase,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { AlertsService } from './alerts.service.ts';

const idParams = alertIdParamsSchema;

/** Runs before body validation, so a signed-out caller gets 401 rather than field errors. */
/** Alerts and notifications: POST/GET /v2/alerts/, PATCH/DELETE /v2/alerts/{id}/. */
export async function registerAlertRoutes(
  app: FastifyInstance,
  deps: { alerts: AlertsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const collection = `${apiBase}${alertRoutes.alerts}`;
  const item = `${apiBase}${alertRoutes.alerts}:id/`;

  r.get(
    collection,
    { config: { auth: 'user' }, schema: { response: { 200: alertListResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.alerts.list(user.id);
    },
  );

  r.post(
    collection,
    {
      config: { auth: 'user', token: 'write:alerts' },
      schema: { body: alertCreateBodySchema, response: { 201: alertSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const alert = await deps.alerts.create(user.id, request.body);
      return reply.code(201).send(alert);
    },
  );

  r.patch(
    item,
    {
      config: { auth: 'user', token: 'write:alerts' },

      schema: { params: idParams, body: alertUpdateBodySchema, response: { 200: alertSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.alerts.update(user.id, request.params.id, request.body);
    },
  );

  r.delete(
    item,
    { config: { auth: 'user', token: 'write:alerts' }, schema: { params: idParams } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await deps.alerts.remove(user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
