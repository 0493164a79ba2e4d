import { marketRoutes } from '@app/contracts';
import { clockTime } from '@app/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';

/**
 * The server's market mode and age. Under the market key, so a `buffers` event
 * refetches it; polled too, because a failed refresh publishes no event and the copy only
 * turns stale with time.
 */
export const marketStatusQuery = () =>
  queryOptions({
    queryKey: ['market', 'status'] as const,
    queryFn: ({ signal }) =>
      apiRequest(marketRoutes.status, { schema: shellSchema('marketStatusSchema'), signal }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });

export { asOfText, clockTime, providerName } from '@app/core';

/** The same moment in the reader's locale, for a hover title. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
}

/**
 * Builds the reader's date formats ahead of their first use. The page's first Intl format loads
 * the browser's locale data, which is slow (far slower at Lighthouse's CPU slowdown), and
 * it fell inside the render that draws the terminal's source badge, its LCP element.
 * Once loaded, a new format is cheap.
 */
export function warmLocalTime(): void {
  const epoch = new Date(0).toISOString();
  clockTime(epoch);
  localTime(epoch);
}
