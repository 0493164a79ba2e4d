import { dateFormat } from './intl-formats.ts';

/**
 * Dates for people, in the reader's locale: never an ISO timestamp on screen or in a message.
 * `timeZone` defaults to the runtime's (the browser's); the server passes 'UTC' and says so.
 */
export function formatDate(at: string | Date | null | undefined, locale?: string, timeZone?: string): string {
  const d = toDate(at);
  if (!d) return '–';
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(d);
}

/** Date with hours and minutes, e.g. "Jun 1, 2026, 10:00 AM". */
export function formatDateTime(
  at: string | Date | null | undefined,
  locale?: string,
  timeZone?: string,
): string {
  const d = toDate(at);
  if (!d) return '–';
  return dateFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(d);
}

function toDate(at: string | Date | null | undefined): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(d.getTime()) ? null : d;
}
