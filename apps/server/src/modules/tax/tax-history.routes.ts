import { addTaxChangeSchema, apiBase, taxHistorySchema, taxRoutes } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { TaxHistoryService } from './tax-history.service.ts';

/** The tax settings by tax year: a token may read them; only a signed-in person changes them. */
export async function registerTaxHistoryRoutes(
  app: FastifyInstance,
  deps: { history: TaxHistoryService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${apiBase}${taxRoutes.history}`,
    { config: { auth: 'user', token: 'read' }, schema: { response: { 200: taxHistorySchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.history.history(user.id);
    },
  );

  r.post(
    `${apiBase}${taxRoutes.history}`,
    {
      config: { auth: 'user', token: 'never' },
      schema: { body: addTaxChangeSchema, response: { 200: taxHistorySchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.history.add(user.id, request.body);
    },
  );

  r.delete(
    `${apiBase}${taxRoutes.historyLatest}`,
    { config: { auth: 'user', token: 'never' }, schema: { response: { 200: taxHistorySchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.history.removeLatest(user.id);
    },
  );
}
