import { lazy, Suspense } from 'react';

// The 2024 allocation and its schema load after the page, and only matter with per-portfolio lots.
const WalletAllocationSection = lazy(() =>
  import('./wallet-allocation-section').then((m) => ({ default: m.WalletAllocationSection })),
);

/** "Per-portfolio lots: 2024 allocation" on the Tax page (shown while the setting is on). */
export function LazyWalletAllocationSection() {
  return (
    <Suspense>
      <WalletAllocationSection />
    </Suspense>
  );
}
