import { readerClockCookie } from '@app/contracts';
import { dateFormat } from '@app/core';
import { readCookie } from '@/lib/api/cookies';

/**
 * Tells the server the reader's locale and time zone (@app/contracts readerClockCookie), so the
 * terminal's source badge it paints into the page's HTML tells the time as the app then does.
 * Written only when it changed; a year long, like a preference.
 */
export function rememberReaderClock(): void {
  // The badge's own format (core clockTime), built already by warmLocalTime.
  const { locale, timeZone } = dateFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  }).resolvedOptions();
  const value = `${encodeURIComponent(locale)}|${encodeURIComponent(timeZone)}`;
  if (readCookie(readerClockCookie) === decodeURIComponent(value)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; one write at start-up
  document.cookie = `${readerClockCookie}=${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}
