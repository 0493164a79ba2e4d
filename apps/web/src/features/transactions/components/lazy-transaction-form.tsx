import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Form = lazy(() => import('./transaction-form').then((m) => ({ default: m.TransactionForm })));

/**
 * The transaction form loads when it is opened (New transaction, Edit): its coin chooser, preview
 * and draft checks are not needed to list transactions, so the pages' first load leaves them out
 * (to keep the page's first load within the route budget). The service worker precaches the chunk, so it opens offline too.
 */
export function LazyTransactionForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<Spinner label="Opening the form" className="mt-4" />}>
      <Form {...props} />
    </Suspense>
  );
}
