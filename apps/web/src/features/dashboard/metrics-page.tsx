import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMoneyFormatter } from '@/lib/settings';
import { dashboardPortfoliosQuery, dashboardQuery } from './api/dashboard-api';
import { defaultBenchmark } from './components/benchmark-picker';
import { MetricView } from './components/metric-view';
import { PerformanceChart } from './components/performance-chart';
import { RecentTransactions } from './components/recent-transactions';
import { ReturnsPanel } from './components/returns-panel';
import { SummaryCards } from './components/summary-cards';
import { TopBar } from './components/top-bar';
import { metricOptions, useDashboardSelection } from './dashboard-selection';

/** Metrics (spec §2 /dashboard): top bar, then the four visible sections. */
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
  const metricLabel =
    metricOptions.find((o) => o.value === current.metric)?.label ??
    (current.metric === 'positions' ? 'Positions' : 'Holdings');

  return (
    <PageFrame
      title="Metrics"
      description="Holdings, returns, capital invested and cost basis across your portfolios."
    >
      <TopBar selection={current} portfolios={known} onChange={set} />
      {portfolios.isSuccess && known.length === 0 ? (
        <EmptyState title="No portfolios yet">
          <Link className="text-accent underline" to="/portfolios">
            Create a portfolio
          </Link>{' '}
          and add transactions to see your metrics.
        </EmptyState>
      ) : dashboard.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading metrics" />
        </div>
      ) : dashboard.isError ? (
        <EmptyState title="Metrics could not be loaded" />
      ) : (
        <div className={cn('grid gap-4', current.viewMode === 'grid' && 'lg:grid-cols-2')}>
          <Panel title="Portfolio summary">
            <SummaryCards summary={dashboard.data.portfolio_summary} money={money} />
          </Panel>
          <Panel title={metricLabel}>
            <MetricView data={dashboard.data} selection={current} money={money} />
          </Panel>
          <Panel title="Performance">
            <PerformanceChart
              portfolioId={portfolioId}
              timeframe={current.timeframe}
              onTimeframe={(timeframe) => set({ timeframe })}
              money={money}
              benchmark={benchmark}
              onBenchmark={setBenchmark}
            />
          </Panel>
          {/* Not titled "Returns…": that names the metric view when Returns is selected. */}
          <Panel title={`Return rates vs ${benchmark.name}`}>
            <ReturnsPanel portfolioId={portfolioId} benchmark={benchmark} onBenchmark={setBenchmark} />
          </Panel>
          <Panel title="Recent transactions">
            <RecentTransactions portfolioId={portfolioId} />
          </Panel>
        </div>
      )}
    </PageFrame>
  );
}
