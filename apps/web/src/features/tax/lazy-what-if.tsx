import { lazy, Suspense } from 'react';

// The what-if form, its answer and their schemas load after the page: the Tax page draws its lots
// or report without them.
const WhatIfSection = lazy(() => import('./what-if-section').then((m) => ({ default: m.WhatIfSection })));

/** "What if I sell?" on the Tax page, starting from the page's portfolio. */
export function LazyWhatIfSection({ portfolioId }: { portfolioId: string }) {
  return (
    <Suspense>
      <WhatIfSection portfolioId={portfolioId} />
    </Suspense>
  );
}
