import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Scripts only from our origin (no inline), so an injected string cannot run.
 * upgrade-insecure-requests and HSTS follow PUBLIC_URL: on a plain-HTTP deployment
 * they would break every sub-resource.
 */
function helmetOptions(secure: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The toast library and the chart/virtualised-list libraries inject <style> and style
        // attributes at run time. Inline styles cannot execute code, so scripts stay locked.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, read once from a private instance. @fastify/helmet
 * rebuilds helmet (parsing every CSP directive) on each request, which cost ~10% of a cached
 * market-list request; with no nonces the headers never vary, so computing them once is exact.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // At handler time only helmet has written to the raw response.
  probe.get('/', async (_request, reply) => reply.raw.getHeaders());
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers = res.json() as Record<string, unknown>;
    return Object.entries(headers).flatMap(
      ([name, value]): Array<[string, string]> => (typeof value === 'string' ? [[name, value]] : []),
    );
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { secure: boolean },
): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(options.secure));
  if (!headers.some(([name]) => name === 'content-security-policy'))
    throw new Error('security headers: helmet produced no Content-Security-Policy');
  // Set on the raw response like helmet does, so hijacked replies (the SSE stream) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
