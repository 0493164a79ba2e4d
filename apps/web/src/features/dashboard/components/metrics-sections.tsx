import type { DashboardResponse } from '@app/contracts';
import { Panel } from '@/components/ui/panel';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import type { DashboardSelection } from '../dashboard-selection';
import type { Benchmark } from './benchmark';
import { MetricView } from './metric-view';
import { PerformanceChart } from './performance-chart';
import { RecentTransactions } from './recent-transactions';
import { ReturnsPanel } from './returns-panel';
import { SummaryCards } from './summary-cards';

/** The Metrics page's five sections, drawn once its figures have arrived. */
export function MetricsSections({
  data,
  selection,
  metricLabel,
  money,
  benchmark,
  onBenchmark,
  onChange,
}: {
  data: DashboardResponse;
  selection: DashboardSelection;
  metricLabel: string;
  money: MoneyFormatter;
  benchmark: Benchmark;
  onBenchmark: (b: Benchmark) => void;
  onChange: (patch: Partial<DashboardSelection>) => void;
}) {
  const portfolioId = selection.portfolioId;
  return (
    <div className={cn('grid gap-4', selection.viewMode === 'grid' && 'lg:grid-cols-2')}>
      <Panel title="Portfolio summary">
        <SummaryCards summary={data.portfolio_summary} money={money} />
      </Panel>
      <Panel title={metricLabel}>
        <MetricView data={data} selection={selection} money={money} />
      </Panel>
      <Panel title="Performance">
        <PerformanceChart
          portfolioId={portfolioId}
          timeframe={selection.timeframe}
          onTimeframe={(timeframe) => onChange({ timeframe })}
          money={money}
          benchmark={benchmark}
          onBenchmark={onBenchmark}
        />
      </Panel>
      {/* Not titled "Returns…": that names the metric view when Returns is selected. */}
      <Panel title={`Return rates vs ${benchmark.name}`}>
        <ReturnsPanel portfolioId={portfolioId} benchmark={benchmark} onBenchmark={onBenchmark} />
      </Panel>
      <Panel title="Recent transactions">
        <RecentTransactions portfolioId={portfolioId} />
      </Panel>
    </div>
  );
}
