import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

// RSI/MACD (with the alerts API module they come with) only show for a selected coin: they load
// after the page, so the terminal without ?coin= and the coin page's first paint do not carry them.
const IndicatorPanels = lazy(() =>
  import('@/features/alerts/indicator-panels').then((m) => ({ default: m.IndicatorPanels })),
);

export function LazyIndicatorPanels({ coinId }: { coinId: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading indicators…" />}>
      <IndicatorPanels coinId={coinId} />
    </Suspense>
  );
}
