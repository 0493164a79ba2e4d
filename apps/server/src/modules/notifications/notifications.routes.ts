import {
  alertRoutes,
  apiBase,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadBodySchema,
  notificationReadResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { NotificationsService } from './notifications.service.ts';

/** GET /v2/notifications/, POST read/ with ids, POST read-all/. */
export async function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${apiBase}${alertRoutes.notifications}`,
    {
      config: { auth: 'user' },

      schema: { querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } },
    },
    async (request) => deps.notifications.list(requireUser(request).user.id, request.query),
  );

  r.post(
    `${apiBase}${alertRoutes.notificationsRead}`,
    {
      config: { auth: 'user' },

      schema: { body: notificationReadBodySchema, response: { 200: notificationReadResponseSchema } },
    },
    async (request) => deps.notifications.markRead(requireUser(request).user.id, request.body.ids),
  );

  r.post(
    `${apiBase}${alertRoutes.notificationsReadAll}`,
    { config: { auth: 'user' }, schema: { response: { 200: notificationReadResponseSchema } } },
    async (request) => deps.notifications.markAllRead(requireUser(request).user.id),
  );
}
