import { alertRoutes, apiBase } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/sessions.ts';
import type { StreamHub } from './stream-hub.ts';

/**
 * GET /api/v2/events/stream: server-sent events for the signed-in user, with
 * `notification` (theirs only) and `buffers`. A dropped stream loses nothing: the client
 * refetches the notification list when it reconnects.
 */
export async function registerEventRoutes(app: FastifyInstance, deps: { hub: StreamHub }): Promise<void> {
  app.get(
    `${apiBase}${alertRoutes.eventsStream}`,
    { config: { auth: 'user', produces: { type: 'text/event-stream' } } },
    async (request, reply) => {
      const { user, session } = requireUser(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 3000\n: connected\n\n');
      const remove = deps.hub.add(user.id, raw, session.expiresAt);
      raw.once('close', remove);
    },
  );

  // Open streams never finish on their own; end them so close() does not wait forever.
  app.addHook('preClose', async () => {
    deps.hub.close();
  });
}
