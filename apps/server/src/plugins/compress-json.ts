import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brotliTextOptions, negotiateEncoding } from '../lib/content-coding.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** JSON, and the pages the server writes per request (the terminal's shell); static files come precompressed. */
const compressibleType = /^(?:application\/json|text\/html)/;

/** Smaller bodies fit in one packet either way; compressing them only costs CPU. */
const minBytes = 1024;

/**
 * Large answers that repeat byte for byte (a warm tax report is one large string, written once)
 * are compressed once: the last few per coding are kept, keyed by the text itself, so a cached
 * body can only ever be served for exactly the same text.
 */
const reuseFromBytes = 64 * 1024;
const reuseEntries = 8;
const recent = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

function remember(cache: Map<string, Buffer>, text: string, body: Buffer): void {
  cache.set(text, body);
  if (cache.size > reuseEntries) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(text)) return;
  reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON responses (and HTML written per request) above 1 kB in the coding the client prefers. Per-request work, so
 * brotli runs at quality 4 (close to gzip's speed, ~15 % smaller) on the libuv pool, off the
 * event loop. Replies that already carry a Content-Encoding (the market list's prepared
 * bodies, precompressed static files) pass through untouched, and so do streams (SSE).
 */
export function registerJsonCompression(app: FastifyInstance): void {
  // Callback style: most answers (304s, small or already encoded bodies) leave at the first checks,
  // and settle without a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !compressibleType.test(type)) return done(null, payload);
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < minBytes) return done(null, payload);
    addVary(reply);
    const coding = negotiateEncoding(request.headers['accept-encoding'], { br: true });
    if (coding === 'identity') return done(null, payload);
    const reusable = typeof payload === 'string' && length >= reuseFromBytes ? recent[coding] : null;
    const known = reusable?.get(payload as string);
    const encoded = known
      ? Promise.resolve(known)
      : coding === 'br'
        ? brotli(payload, brotliTextOptions(4, length))
        : gz(payload, { level: 6 });
    encoded.then(
      (body) => {
        if (reusable && known === undefined) remember(reusable, payload as string, body);
        reply.header('content-encoding', coding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}
