import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * One serialised JSON body with its compressed variants, made once and shared by every
 * request for the same query and market generation: per request there is nothing left to
 * encode, only bytes to write.
 */
export interface EncodedBody {
  /** Strong validator of the JSON bytes (quoted, as sent for the identity coding). */
  readonly etag: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  /**
   * The brotli bytes, or null while they are being made: the first call starts the work in
   * the background (gzip stands in meanwhile), so no client that lacks brotli pays for it.
   */
  brotli(): Buffer | null;
  /** Starts brotli if needed and settles once it is done (or has failed). */
  brotliDone(): Promise<void>;
}

/**
 * Brotli's top settings are 10-100x slower than gzip, so it runs on the libuv pool and the
 * first requests after a refresh get gzip instead of waiting. Quality 10 keeps most of 11's
 * gain (50 coins with sparklines: 25 kB, 11 gives 23 kB, gzip 33 kB) at a quarter of its CPU
 * (~100 ms against ~400 ms per query and market generation).
 */
const brotliQuality = 10;

export function encodeBody(json: string): EncodedBody {
  const identity = Buffer.from(json, 'utf8');
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const gzip = gzipSync(identity, { level: 9 });
  let br: Buffer | null = null;
  let pending: Promise<void> | null = null;
  const start = (): Promise<void> => {
    pending ??= new Promise<void>((resolve) => {
      brotliCompress(
        identity,
        {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        },
        (error, result) => {
          // Without brotli, clients simply keep getting gzip.
          if (!error) br = result;
          resolve();
        },
      );
    });
    return pending;
  };
  return {
    etag,
    identity,
    gzip,
    brotli() {
      if (br === null) void start();
      return br;
    },
    brotliDone: start,
  };
}

/** The ETag of one coding: each coding is its own representation, so each has its own tag. */
export function etagFor(body: Pick<EncodedBody, 'etag'>, coding: ContentCoding): string {
  return coding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}-${coding}"`;
}

/** Coding name → q-value from an Accept-Encoding header (RFC 9110 §12.5.3). */
function qualities(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value?.trim());
      q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
    }
    out.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return out;
}

/**
 * The coding to send: the acceptable one with the highest q, brotli before gzip on a tie
 * (smaller). Identity is the fallback whatever the header says; a 406 would help nobody.
 */
export function negotiateEncoding(
  header: string | readonly string[] | undefined,
  available: { br: boolean },
): ContentCoding {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (typeof text !== 'string' || text.trim() === '') return 'identity';
  const q = qualities(text);
  const wildcard = q.get('*') ?? 0;
  const of = (coding: string) => q.get(coding) ?? wildcard;
  let best: ContentCoding = 'identity';
  let bestQ = 0;
  for (const coding of available.br ? (['br', 'gzip'] as const) : (['gzip'] as const)) {
    const value = of(coding);
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against the tag we would send now. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
