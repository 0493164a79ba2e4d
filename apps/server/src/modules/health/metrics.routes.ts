import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorMetrics } from './operator-metrics.ts';

export const metricsPath = '/metrics';

export interface MetricsRouteDeps {
  /** Null when METRICS is off: the path answers 404 as if it did not exist. */
  metrics: OperatorMetrics | null;
  /** METRICS_TOKEN: with it, a scraper from anywhere sends it as a bearer token. */
  token: string | undefined;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Without a token only this machine may scrape: the socket's own peer, not a forwarded address,
 * and not a request a local reverse proxy passed on (it would carry a Forwarded header).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const forwarded =
    request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
  return loopback.has(peer) && !forwarded;
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `/metrics` in the Prometheus text format, off unless METRICS=on. */
export async function registerMetricsRoutes(app: FastifyInstance, deps: MetricsRouteDeps): Promise<void> {
  const { metrics, token } = deps;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      if (route !== metricsPath)
        metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  app.get(metricsPath, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metrics) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const allowed = token === undefined ? fromThisMachine(request) : tokenMatches(request, token);
    if (!allowed) {
      if (token !== undefined) reply.header('www-authenticate', 'Bearer');
      return reply
        .code(token === undefined ? 403 : 401)
        .type('text/plain; charset=utf-8')
        .send(
          token === undefined
            ? 'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere.\n'
            : 'A valid METRICS_TOKEN is required.\n',
        );
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
