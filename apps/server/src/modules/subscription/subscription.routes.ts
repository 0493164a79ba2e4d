import { apiBase, subscriptionRoutes, subscriptionSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { SubscriptionService } from './subscription.service.ts';

export async function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: { subscription: SubscriptionService },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      `${apiBase}${subscriptionRoutes.sync}`,
      { config: { auth: 'user' }, schema: { response: { 200: subscriptionSchema } } },
      async (request) => {
        requireUser(request);
        return deps.subscription.sync();
      },
    );
}
