import { apiBase } from '@app/contracts';

const unreserved = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 §6.2.2.2: an escaped unreserved character means the character itself. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return unreserved.test(char) ? char : escaped.toUpperCase();
  });
}

/** RFC 3986 §5.2.4 dot segments, plus empty segments (`//`) which no route of ours has. */
function resolveSegments(path: string): string {
  const out: string[] = [];
  const parts = path.split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  const last = parts[parts.length - 1];
  const trailing = last === '' || last === '.' || last === '..';
  const joined = `/${out.join('/')}`;
  return trailing && out.length > 0 ? `${joined}/` : joined;
}

const needsWork = /%|\/\/|\/\.|[A-Z]/;

/**
 * Rewrites a request target to its canonical form before routing, so that every spelling of a
 * path reaches the same route with the same hooks: `/%61pi/x`, `/api//x`, `/api/./x` and
 * `/API/x` are all `/api/x`. The router itself decodes escapes, so without this a guard that
 * read the raw URL could be skipped. API paths are case-insensitive (every API path
 * segment and id is lower case); other paths keep their case (hashed asset names).
 * The query string is left exactly as sent.
 */
export function normaliseUrl(url: string): string {
  if (!url.startsWith('/')) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!needsWork.test(path)) return url;
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  let canonical = resolveSegments(decodeUnreserved(path));
  const lower = canonical.toLowerCase();
  if (lower === apiBase || lower.startsWith(`${apiBase}/`)) canonical = lower;
  return canonical + query;
}
