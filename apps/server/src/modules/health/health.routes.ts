import { healthCheckPath, healthReadyPath } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: { health: HealthService },
): Promise<void> {
  // Liveness, from the process alone: a server whose database queue is full is busy, not dead,
  // and an orchestrator restarting it would only lose the work in that queue. GET also answers
  // HEAD (Fastify exposes HEAD routes for GET), which is what the client probes.
  app.get(healthCheckPath, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const market = deps.health.market();
    return reply.code(200).send({ status: 'ok', ...(market ? { market } : {}) });
  });
  // Readiness: whether to send this server traffic, which needs its database.
  app.get(healthReadyPath, async (_request, reply) => {
    const answer = await deps.health.readiness();
    reply.header('cache-control', 'no-store');
    return reply.code(answer.status === 'down' ? 503 : 200).send(answer);
  });
}
