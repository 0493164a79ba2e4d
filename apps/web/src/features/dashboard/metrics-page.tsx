import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { lazyPart } from '@/lib/lazy-part';
import { pageHeaders } from '@/lib/page-headers';
import { useMoneyFormatter } from '@/lib/settings';
import { dashboardPortfoliosQuery, dashboardQuery } from './api/dashboard-api';
import { defaultBenchmark } from './components/benchmark';
import { NoPortfoliosYet } from './components/no-portfolios';
import { TopBar } from './components/top-bar';
import { metricOptions, useDashboardSelection } from './dashboard-selection';

/** The page's `firstParts` (app/routes): the schemas of its first answers. */
export { preloadDashboardSchemas } from './api/dashboard-api';

/**
 * The sections (summary, metric views, charts, return rates, recent transactions) are drawn only
 * once the figures arrive, so they load beside the figures' request rather than before the page
 * paints (to keep the page's first load within the route budget); until both are here the page shows its loading spinner.
 */
const sections = lazyPart(
  () => import('./components/metrics-sections'),
  (m) => m.MetricsSections,
);

const loading = (
  <div className="flex justify-center py-10">
    <Spinner label="Loading metrics" />
  </div>
);

/** Metrics (/dashboard): top bar, then the four visible sections. */
export function MetricsPage() {
  const { set, ...selection } = useDashboardSelection();
  const money = useMoneyFormatter();
  // One benchmark for the chart's line and the return rates, so both compare with the same coin.
  const [benchmark, setBenchmark] = useState(defaultBenchmark);
  const portfolios = useQuery(dashboardPortfoliosQuery());
  const known = portfolios.data?.results ?? [];
  // A stored portfolio that was deleted falls back to All Portfolios.
  const portfolioId =
    selection.portfolioId === 'all' || !portfolios.data || known.some((p) => p.id === selection.portfolioId)
      ? selection.portfolioId
      : 'all';
  const current = { ...selection, portfolioId };
  const dashboard = useQuery(dashboardQuery(portfolioId));
  useEffect(() => sections.preload(), []);
  const metricLabel =
    metricOptions.find((o) => o.value === current.metric)?.label ??
    (current.metric === 'positions' ? 'Positions' : 'Holdings');

  return (
    <PageFrame
      title={pageHeaders['/dashboard'].title}
      description={pageHeaders['/dashboard'].description}
      // The server may have painted the empty state (prerender): it stays until the list is here.
      settled={!portfolios.isPending}
    >
      <TopBar selection={current} portfolios={known} onChange={set} />
      {portfolios.isSuccess && known.length === 0 ? (
        <NoPortfoliosYet />
      ) : dashboard.isPending ? (
        loading
      ) : dashboard.isError ? (
        <EmptyState title="Metrics could not be loaded" />
      ) : (
        <Suspense fallback={loading}>
          <sections.Component
            data={dashboard.data}
            selection={current}
            metricLabel={metricLabel}
            money={money}
            benchmark={benchmark}
            onBenchmark={setBenchmark}
            onChange={set}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
