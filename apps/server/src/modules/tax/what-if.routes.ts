import { apiBase, taxRoutes, whatIfBodySchema, whatIfResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { MarketReader } from '../market/index.ts';
import type { TaxService } from './tax.service.ts';
import { createWhatIfService } from './what-if.service.ts';

/**
 * A sale drawing on a thousand lots answers with a thousand lines: like the report, the answer is
 * not re-validated against the contract per request (the handler's return type is checked against
 * it at compile time, and the tests parse every answer with it).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * POST, not GET: the body is a sale to try (quantity, price, date), nothing is written. A
 * preview's answer is for now, so a write made offline is never queued for it (the web client
 * sends it with queueOffline off).
 */
export async function registerWhatIfRoutes(
  app: FastifyInstance,
  deps: { tax: TaxService; clock: Clock; market: Pick<MarketReader, 'getCoin' | 'describe'> },
): Promise<void> {
  const whatIf = createWhatIfService(deps);
  app.withTypeProvider<ZodTypeProvider>().post(
    `${apiBase}${taxRoutes.whatIf}`,
    {
      config: { auth: 'user' },
      schema: { body: whatIfBodySchema, response: { 200: whatIfResponseSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return whatIf.run(user.id, request.body);
    },
  );
}
