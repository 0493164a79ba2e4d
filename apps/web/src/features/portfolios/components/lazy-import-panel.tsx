import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Panel = lazy(() => import('./import-panel').then((m) => ({ default: m.ImportPanel })));

/**
 * The import panel loads when it is opened: the portfolio pages' first load stays within the
 * route budget, and the parser-facing code (preview table, coin chooser, opening balances) is
 * only fetched by people who import.
 */
export function LazyImportPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<Spinner label="Opening the import" className="mt-4" />}>
      <Panel {...props} />
    </Suspense>
  );
}
