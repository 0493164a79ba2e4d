import { apiBase, settingsRoutes, updateUserSettingsSchema, userSettingsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { SettingsService } from './settings.service.ts';

export async function registerSettingsRoutes(
  app: FastifyInstance,
  deps: { settings: SettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `${apiBase}${settingsRoutes.settings}`;
  r.get(
    path,
    { config: { auth: 'user' }, schema: { response: { 200: userSettingsSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.settings.get(user.id);
    },
  );
  r.patch(
    path,
    {
      config: { auth: 'user' },
      schema: { body: updateUserSettingsSchema, response: { 200: userSettingsSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.settings.update(user.id, request.body);
    },
  );
}
