import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { portfolioKeys } from '@/lib/portfolios/portfolio-list';

/**
 * The roots of every figure the books feed: portfolio totals, the transaction pages and Metrics.
 * The portfolios' keys are shared code; the transactions and dashboard features' `all` keys are
 * named here rather than imported, because shared code never depends on features.
 */
const booksKeys: readonly QueryKey[] = [portfolioKeys.all, ['transactions'], ['dashboard']];

/**
 * Asks for the books' figures again after a write changed them, and for any other roots the write
 * touched. Callers load this module when they need it (`import('@/lib/books-refresh')`): imported
 * statically it joined the small parts every signed-in page loads, and put pages that never write
 * to the books over their JavaScript ceilings. It is only ever needed after a write, by which time
 * the tiny chunk is one quick fetch away (and precached by the service worker).
 */
export const refreshBooks = (client: QueryClient, ...others: readonly QueryKey[]) =>
  Promise.all([...booksKeys, ...others].map((queryKey) => client.invalidateQueries({ queryKey })));
