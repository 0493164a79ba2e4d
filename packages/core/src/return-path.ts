/** Spec §9: the default return path after login. */
export const defaultReturnPath = '/';

/**
 * Accepts only same-origin absolute paths, so `return_to` can never become an open
 * redirect: no scheme, no `//host`, no backslash tricks, no control characters.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return defaultReturnPath;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return defaultReturnPath;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return defaultReturnPath;
  if (value.startsWith('/api/')) return defaultReturnPath;
  return value;
}
