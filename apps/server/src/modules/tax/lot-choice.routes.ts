import { apiBase, lotChoiceRoutes, saleLotsQuerySchema, saleLotsResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { SaleLotsService } from './sale-lots.service.ts';

/**
 * Like the lots view, the answer (a line per open lot, thousands in a long history) is not
 * re-validated against the contract per request: the handler's return type is checked against it
 * at compile time, and the tests parse every answer with it.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export async function registerLotChoiceRoutes(
  app: FastifyInstance,
  deps: { saleLots: SaleLotsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${apiBase}${lotChoiceRoutes.saleLots}`,
    {
      config: { auth: 'user' },
      schema: { querystring: saleLotsQuerySchema, response: { 200: saleLotsResponseSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.saleLots.saleLots(user.id, request.query);
    },
  );
}
