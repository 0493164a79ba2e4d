import { apiBase, transferPairBodySchema, transferRoutes, transfersResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { TransfersService } from './transfers.service.ts';

export async function registerTransferRoutes(
  app: FastifyInstance,
  deps: { transfers: TransfersService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { transfers } = deps;

  r.get(
    `${apiBase}${transferRoutes.list}`,
    { config: { auth: 'user' }, schema: { response: { 200: transfersResponseSchema } } },
    async (request) => transfers.view(requireUser(request).user.id),
  );

  const decisions = [
    [transferRoutes.confirm, transfers.confirm],
    [transferRoutes.undo, transfers.undo],
    [transferRoutes.match, transfers.match],
  ] as const;
  for (const [path, decide] of decisions) {
    r.post(
      `${apiBase}${path}`,
      {
        config: { auth: 'user' },
        schema: { body: transferPairBodySchema, response: { 200: transfersResponseSchema } },
      },
      async (request) => decide(requireUser(request).user.id, request.body),
    );
  }
}
