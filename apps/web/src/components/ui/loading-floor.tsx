import { type ReactNode, useEffect, useState } from 'react';
import { paintedPageHasContent } from '@/lib/painted-page-frame';
import { LoadingScreen } from './loading-screen';

/** Loading-state completion timer: 500 ms. */
export const loadingScreenMinMs = 500;

/**
 * When the loading screen was painted (ms since navigation start): the first paint if the browser
 * has recorded it, else now (index.html paints it before any script runs).
 */
export function loadingScreenPaintedAt(): number {
  const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint');
  return paint?.startTime ?? performance.now();
}

/**
 * Keeps index.html's loading screen on top for at least the spec's 500 ms once painted, so a fast
 * start never flashes it. The app renders and fetches underneath meanwhile (nothing waits on it);
 * when ready later than that, this is already gone and adds nothing.
 */
export function LoadingFloor({ until, children }: { until: number; children?: ReactNode }) {
  const [done, setDone] = useState(() => performance.now() >= until);
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setDone(true), Math.max(0, until - performance.now()));
    return () => clearTimeout(timer);
  }, [done, until]);
  if (done) return null;
  return (
    <div className="fixed inset-0 z-[100]">
      {children}
      <LoadingScreen place={paintedPageHasContent() ? 'low' : 'centre'} />
    </div>
  );
}
