import { lazy, Suspense } from 'react';

// "Decisions this year" and its schemas load after the page: the Tax page draws its lots or report
// without them (and within its first-load budget).
const DecisionsSection = lazy(() =>
  import('./decisions-section').then((m) => ({ default: m.DecisionsSection })),
);

/** This tax year's decisions on the Tax page, for the page's portfolio. */
export function LazyDecisionsSection({ portfolioId }: { portfolioId: string }) {
  return (
    <Suspense>
      <DecisionsSection portfolioId={portfolioId} />
    </Suspense>
  );
}
