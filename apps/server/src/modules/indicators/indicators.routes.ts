import { alertRoutes, apiBase, indicatorQuerySchema, indicatorResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IndicatorsService } from './indicators.service.ts';

/**
 * GET /api/v2/cryptocurrencies/{id}/indicators/?metric=&period=&days=. Public like the
 * other market reads: it is computed from public market data only.
 */
export async function registerIndicatorRoutes(
  app: FastifyInstance,
  deps: { indicators: IndicatorsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${apiBase}${alertRoutes.indicators(':id').replace('%3Aid', ':id')}`,
    {
      config: { auth: 'public' },
      schema: {
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        querystring: indicatorQuerySchema,
        response: { 200: indicatorResponseSchema },
      },
    },
    async (request) => deps.indicators.series(request.params.id, request.query),
  );
}
