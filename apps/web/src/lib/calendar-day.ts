import { formatDate } from '@app/core';

/**
 * A calendar day from the books (YYYY-MM-DD, or the UTC day of an instant) in the reader's
 * locale, e.g. "Jan 17, 2024". Read in UTC, so the day never shifts with the browser's time zone.
 */
export function formatCalendarDay(day: string | null | undefined): string {
  return formatDate(day, undefined, 'UTC');
}
