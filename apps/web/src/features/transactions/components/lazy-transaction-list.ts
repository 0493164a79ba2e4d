import { lazyPart } from '@/lib/lazy-part';

/**
 * The transactions table is drawn once the transactions arrive, so it loads beside their request
 * rather than before the page paints (to keep the page's first load within the route budget). Pages call `preload` as they ask
 * for the transactions and show their loading line until both are here.
 */
export const lazyTransactionList = lazyPart(
  () => import('./transaction-list'),
  (m) => m.TransactionList,
);
