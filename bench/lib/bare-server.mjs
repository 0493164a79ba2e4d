// The baseline: a bare Fastify JSON route, started as its own process like the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, now: new Date().toISOString() }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => void app.close().then(() => process.exit(0)));
