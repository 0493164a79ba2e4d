import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

const metricLabels = ['Holdings', 'Returns', 'Capital', 'Cost'] as const;

/** The page frame only; the dashboard issue brings the top bar's selectors to life. */
export function MetricsPage() {
  return (
    <PageFrame
      title="Metrics"
      description="Holdings, returns, capital invested and cost basis across your portfolios."
      actions={
        <fieldset disabled className="flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1">
          <legend className="sr-only">Metric</legend>
          {metricLabels.map((label) => (
            <button key={label} type="button" className="rounded-md px-3 py-1 text-sm text-muted">
              {label}
            </button>
          ))}
        </fieldset>
      }
    >
      <EmptyState title="No metrics yet">
        Metrics appear once you have portfolios and transactions. The dashboard is being built.
      </EmptyState>
    </PageFrame>
  );
}
