/** The default return path after login. */
export const defaultReturnPath = '/';

/** Characters a URL path, query or fragment may carry as they are (RFC 3986), plus `%` escapes. */
const unsafeUrlChar = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/g;

/** `/api`, however spelled (escapes, case, dot segments, doubled slashes). */
function pointsAtApi(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split(/[?#]/)[0] ?? '');
  } catch {
    return true;
  }
  const segments = decoded
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  return segments.includes('..') || segments[0] === 'api';
}

/**
 * Accepts only same-origin absolute paths, so `return_to` can never become an open redirect
 * (no scheme, no `//host`, no backslash tricks, no control characters, nothing under /api), and
 * percent-encodes every other character a `Location` header cannot carry as is (a raw non-Latin-1
 * character there makes Node throw ERR_INVALID_CHAR).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return defaultReturnPath;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return defaultReturnPath;
  // Lone surrogates cannot be encoded; control characters and backslashes are refused outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]|\p{Cs}/u.test(value)) return defaultReturnPath;
  const encoded = value.replace(unsafeUrlChar, (char) => encodeURIComponent(char));
  if (pointsAtApi(encoded)) return defaultReturnPath;
  return encoded;
}
