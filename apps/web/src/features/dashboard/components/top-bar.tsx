import type { Portfolio } from '@app/contracts';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  costSeriesOptions,
  type DashboardSelection,
  metricOptions,
  returnTypeOptions,
  toggleCostSeries,
} from '../dashboard-selection';

const segment = (active: boolean) =>
  cn(
    'rounded-md px-3 py-1 text-sm transition focus-visible:outline-2 focus-visible:outline-accent',
    active ? 'bg-accent text-accent-fg font-semibold' : 'text-muted hover:text-fg',
  );
const group = 'flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1';

/** Dashboard top bar. */
export function TopBar({
  selection,
  portfolios,
  onChange,
}: {
  selection: DashboardSelection;
  portfolios: readonly Pick<Portfolio, 'id' | 'name'>[];
  onChange: (patch: Partial<DashboardSelection>) => void;
}) {
  const metric = selection.metric === 'positions' ? 'holdings' : selection.metric;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <select
        aria-label="Portfolio"
        value={selection.portfolioId}
        onChange={(e) => onChange({ portfolioId: e.target.value })}
        className="rounded-lg border border-line bg-surface px-3 py-2 text-sm"
      >
        <option value="all">All Portfolios</option>
        {portfolios.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {/* The way to the portfolio pages and the ledger from Metrics (they are not among the four nav entries). */}
      <Link
        to={selection.portfolioId === 'all' ? '/portfolios' : `/portfolios/${selection.portfolioId}`}
        className="rounded-lg border border-line bg-surface px-3 py-2 text-sm hover:border-muted"
      >
        {selection.portfolioId === 'all' ? 'Portfolios' : 'Open portfolio'}
      </Link>
      <Link
        to="/transactions"
        className="rounded-lg border border-line bg-surface px-3 py-2 text-sm hover:border-muted"
      >
        Transactions
      </Link>
      <fieldset className={group}>
        <legend className="sr-only">Metric</legend>
        {metricOptions.map((o) => (
          <Button
            variant="unstyled"
            key={o.value}
            aria-pressed={metric === o.value}
            className={segment(metric === o.value)}
            onClick={() => onChange({ metric: o.value })}
          >
            {o.label}
          </Button>
        ))}
      </fieldset>
      {metric === 'holdings' && (
        <fieldset className={group}>
          <legend className="sr-only">Holdings view</legend>
          {(['chart', 'list'] as const).map((v) => {
            const active = selection.metric === 'positions' ? v === 'list' : selection.holdingsView === v;
            return (
              <Button
                variant="unstyled"
                key={v}
                aria-pressed={active}
                className={segment(active)}
                onClick={() => onChange({ metric: 'holdings', holdingsView: v })}
              >
                {v === 'chart' ? 'Chart' : 'List'}
              </Button>
            );
          })}
        </fieldset>
      )}
      {metric === 'roi' && (
        <fieldset className={group}>
          <legend className="sr-only">Return type</legend>
          {returnTypeOptions.map((o) => (
            <Button
              variant="unstyled"
              key={o.value}
              aria-pressed={selection.returnType === o.value}
              className={segment(selection.returnType === o.value)}
              onClick={() => onChange({ returnType: o.value })}
            >
              {o.label}
            </Button>
          ))}
        </fieldset>
      )}
      {metric === 'cost_basis' && (
        <fieldset className={cn(group, 'items-center px-2')}>
          <legend className="sr-only">Cost chart series</legend>
          {costSeriesOptions.map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 px-2 py-1 text-sm">
              <input
                type="checkbox"
                checked={selection.costSeries.includes(o.value)}
                onChange={() => onChange({ costSeries: toggleCostSeries(selection.costSeries, o.value) })}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className={cn(group, 'ml-auto')}>
        <legend className="sr-only">Layout</legend>
        {(['grid', 'list'] as const).map((v) => (
          <Button
            variant="unstyled"
            key={v}
            aria-pressed={selection.viewMode === v}
            className={segment(selection.viewMode === v)}
            onClick={() => onChange({ viewMode: v })}
          >
            {v === 'grid' ? 'Grid' : 'Stacked'}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}
