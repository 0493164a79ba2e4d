import { type BrotliOptions, constants } from 'node:zlib';

/**
 * Content codings the server writes, chosen by one reading of Accept-Encoding for every kind of
 * body: the market list's prepared bodies and every other JSON answer.
 */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Brotli tuned for JSON text of a known size; the quality is the caller's CPU/size trade. */
export function brotliTextOptions(quality: number, sizeHint: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
    },
  };
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
