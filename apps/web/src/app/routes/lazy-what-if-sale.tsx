import { lazy, Suspense } from 'react';

// The tax feature's "What if I sell?" loads after the coin page has drawn. The wrapper is the
// route's own (the Tax page has another): one both imported would be a small shared chunk, which
// the build merges into the parts every page loads.
const WhatIfSection = lazy(() =>
  import('@/features/tax/what-if-section').then((m) => ({ default: m.WhatIfSection })),
);

export function LazyWhatIfSale({ coinId }: { coinId: string }) {
  return (
    <Suspense>
      <WhatIfSection coinId={coinId} />
    </Suspense>
  );
}
