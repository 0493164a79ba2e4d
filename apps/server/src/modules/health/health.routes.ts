import { healthCheckPath } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: { health: HealthService },
): Promise<void> {
  // GET also answers HEAD (Fastify exposes HEAD routes for GET), which is what the client probes.
  app.get(healthCheckPath, async (_request, reply) => {
    const healthy = await deps.health.isHealthy();
    reply.header('cache-control', 'no-store');
    const market = deps.health.market();
    return reply
      .code(healthy ? 200 : 503)
      .send({ status: healthy ? 'ok' : 'unavailable', ...(market ? { market } : {}) });
  });
}
