import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentCoding, matchesIfNoneMatch, negotiateEncoding } from '../../lib/content-coding.ts';
import { type EncodedBody, etagFor } from './encoded-body.ts';

/** Browsers send one of a handful of Accept-Encoding values; parse each once. */
const negotiated = new Map<string, { withBr: ContentCoding; withoutBr: ContentCoding }>();

function codingsFor(accept: string | undefined): { withBr: ContentCoding; withoutBr: ContentCoding } {
  const key = accept ?? '';
  const hit = negotiated.get(key);
  if (hit) return hit;
  const found = {
    withBr: negotiateEncoding(accept, { br: true }),
    withoutBr: negotiateEncoding(accept, { br: false }),
  };
  if (negotiated.size >= 100) negotiated.clear();
  negotiated.set(key, found);
  return found;
}

function pick(body: EncodedBody, accept: string | undefined): { coding: ContentCoding; bytes: Buffer } {
  const { withBr, withoutBr } = codingsFor(accept);
  if (withBr === 'br') {
    const br = body.brotli();
    if (br) return { coding: 'br', bytes: br };
  }
  const coding = withoutBr;
  // A tiny body can come out of gzip larger than it went in.
  if (coding === 'gzip' && body.gzip.length < body.identity.length) return { coding, bytes: body.gzip };
  return { coding: 'identity', bytes: body.identity };
}

/**
 * Sends a prepared JSON body in the coding the client accepts, with a strong ETag per coding
 * and a 304 when the client already holds it. `no-cache` makes browsers revalidate each time
 * (the data moves every refresh) while the 304 spares them the body.
 */
export function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply {
  const { coding, bytes } = pick(body, request.headers['accept-encoding']);
  const etag = etagFor(body, coding);
  reply.header('vary', 'Accept-Encoding').header('cache-control', 'no-cache').header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}
