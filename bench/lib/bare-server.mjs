// The baseline: a bare Fastify JSON route, started as its own process like the app.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, now: new Date().toISOString() }));
// The same work as /bare but n bytes of body, made once: what the load generator can take of
// responses as large as a benchmarked one (random bytes, so any compression is moot).
const bodies = new Map();
app.get('/bare-bytes/:n', async (request, reply) => {
  const n = Math.min(Math.max(Number(request.params.n) || 0, 0), 10_000_000);
  let body = bodies.get(n);
  if (body === undefined) {
    body = randomBytes(n);
    bodies.set(n, body);
  }
  return reply.type('application/octet-stream').send(body);
});
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => void app.close().then(() => process.exit(0)));
