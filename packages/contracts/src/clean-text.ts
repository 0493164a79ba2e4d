import { z } from 'zod';

/** The message of the field error for text with control characters. */
export const cleanTextMessage = 'Remove control characters from this text.';

/**
 * What no text field accepts: C0 control characters other than tab, line feed and carriage
 * return, DEL, and lone UTF-16 surrogates (PostgreSQL refuses NUL in text, and a lone surrogate
 * would be stored as U+FFFD, not as sent). Tab and newlines stay allowed: notes and CSV text
 * carry them, and in a one-line field they are harmless.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
const uncleanText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

export function isCleanText(value: string): boolean {
  return !uncleanText.test(value);
}

/** The one string schema for text input: rejects control characters with a field error. */
export const cleanTextSchema = z.string().refine(isCleanText, cleanTextMessage);

/**
 * Dot-joined paths of every string (object key or value) in `value` that is not clean text,
 * at most `limit` of them. Iterative, so a deeply nested body cannot overflow the stack. The
 * server runs it over every request's body, query and params before the route's schema, so no
 * field of any route (nor a key) can carry a NUL into the database.
 */
export function uncleanTextPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && found.length < limit) {
    const item = stack.pop();
    if (item === undefined) break;
    const current = item.value;
    if (typeof current === 'string') {
      if (!isCleanText(current)) found.push(item.path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ value: current[i], path: item.path === '' ? String(i) : `${item.path}.${i}` });
      }
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const path = item.path === '' ? key : `${item.path}.${key}`;
        if (!isCleanText(key)) found.push(item.path === '' ? '' : item.path);
        else stack.push({ value: child, path });
      }
    }
  }
  return found;
}
