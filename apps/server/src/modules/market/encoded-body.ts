import { createHash } from 'node:crypto';
import { brotliCompress, gzipSync } from 'node:zlib';
import { brotliTextOptions, type ContentCoding } from '../../lib/content-coding.ts';

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
 * Brotli's top settings are far slower than gzip, so it runs on the libuv pool and the first
 * requests after a refresh get gzip instead of waiting. Quality 10 keeps most of 11's gain in
 * size at a fraction of its CPU (sizes and times in bench/README.md).
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
      brotliCompress(identity, brotliTextOptions(brotliQuality, identity.length), (error, result) => {
        // Without brotli, clients simply keep getting gzip.
        if (!error) br = result;
        resolve();
      });
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
