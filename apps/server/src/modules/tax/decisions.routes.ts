import { apiBase, taxDecisionsQuerySchema, taxDecisionsRoutes, taxDecisionsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { TaxDecisionsService } from './decisions.service.ts';

/** This tax year's decisions for the signed-in user (a token with `read` may ask too, like the lots). */
export async function registerTaxDecisionsRoutes(
  app: FastifyInstance,
  deps: { decisions: TaxDecisionsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${apiBase}${taxDecisionsRoutes.decisions}`,
    {
      config: { auth: 'user' },
      schema: { querystring: taxDecisionsQuerySchema, response: { 200: taxDecisionsSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.decisions.decisions(user.id, request.query);
    },
  );
}
