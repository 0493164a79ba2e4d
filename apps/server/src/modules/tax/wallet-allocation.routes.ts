import { apiBase, confirmWalletAllocationSchema, taxRoutes, walletAllocationSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { WalletAllocationService } from './wallet-allocation.service.ts';

/** Per-portfolio lots: the 2024 allocation (GET), its confirmation (PUT) and its withdrawal (DELETE). */
export async function registerWalletAllocationRoutes(
  app: FastifyInstance,
  deps: { allocation: WalletAllocationService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `${apiBase}${taxRoutes.walletAllocation}`;
  const response = { 200: walletAllocationSchema };

  r.get(path, { config: { auth: 'user' }, schema: { response } }, async (request) => {
    const { user } = requireUser(request);
    return deps.allocation.get(user.id);
  });

  r.put(
    path,
    { config: { auth: 'user' }, schema: { body: confirmWalletAllocationSchema, response } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.allocation.confirm(user.id, request.body);
    },
  );

  r.delete(path, { config: { auth: 'user' }, schema: { response } }, async (request) => {
    const { user } = requireUser(request);
    return deps.allocation.reset(user.id);
  });
}
