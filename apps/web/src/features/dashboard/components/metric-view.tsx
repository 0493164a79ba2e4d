import { type DashboardResponse, unknownCostLines, unknownCostMessages } from '@app/contracts';
import { formatSignedPercent } from '@app/core';
import { EmptyState } from '@/components/ui/empty-state';
import { LeftOutNote } from '@/components/ui/left-out-note';
import type { MoneyFormatter } from '@/lib/settings';
import { costSeriesOptions, type DashboardSelection } from '../dashboard-selection';
import { AllocationDonut } from './allocation-donut';
import { HorizontalBars, VerticalBars } from './bars';
import { PositionsList } from './positions-list';

const pct = (v: string | null) => (v === null ? '' : formatSignedPercent(v));

/** The assetAllocation section: one view per metric. */
export function MetricView({
  data,
  selection,
  money,
}: {
  data: DashboardResponse;
  selection: DashboardSelection;
  money: MoneyFormatter;
}) {
  const symbol = (s: string) => s.toUpperCase();
  if (
    selection.metric === 'positions' ||
    (selection.metric === 'holdings' && selection.holdingsView === 'list')
  ) {
    return (
      <PositionsList items={data.positions?.items ?? []} portfolioId={selection.portfolioId} money={money} />
    );
  }
  if (selection.metric === 'holdings') {
    const items = data.holdings?.items ?? [];
    if (items.length === 0) return <EmptyState title="No holdings" headingLevel={3} />;
    const slices = items
      .filter((i) => i.allocationPercentage !== null && Number(i.allocationPercentage) > 0)
      .map((i) => ({ key: i.coin_id, label: symbol(i.symbol), percent: Number(i.allocationPercentage) }));
    return (
      <div className="grid gap-4">
        {slices.length > 0 && <AllocationDonut slices={slices} label="Allocation by value" />}
        <HorizontalBars
          label="Holdings by value"
          bars={items.map((i) => ({
            key: i.coin_id,
            label: symbol(i.symbol),
            value: Number(i.totalValue),
            display: money(i.totalValue),
            note:
              i.allocationPercentage === null ? undefined : `${Number(i.allocationPercentage).toFixed(1)}%`,
          }))}
        />
      </div>
    );
  }
  if (selection.metric === 'roi') {
    const items = data.roi?.items ?? [];
    if (items.length === 0) return <EmptyState title="No returns yet" headingLevel={3} />;
    return (
      <div>
        <HorizontalBars
          label={`${selection.returnType} returns by coin`}
          bars={items.map((i) => {
            const r = i[selection.returnType];
            return {
              key: i.coin_id,
              label: symbol(i.symbol),
              value: Number(r.profitLoss),
              display: money(r.profitLoss),
              note: pct(r.profitLossPercentage),
            };
          })}
        />
        <LeftOutNote lines={unknownCostLines(data.roi ?? {})} className="mt-2" />
      </div>
    );
  }
  if (selection.metric === 'capital') {
    const items = data.capital?.items ?? [];
    if (items.length === 0) return <EmptyState title="No capital invested" headingLevel={3} />;
    return (
      <div>
        <HorizontalBars
          label="Capital invested by coin"
          bars={items.map((i) => ({
            key: i.coin_id,
            label: symbol(i.symbol),
            value: Number(i.totalInvestment),
            // Only units of unknown cost held: no capital to show, rather than a capital of 0.
            display:
              i.lots_without_cost && i.totalInvestment === '0'
                ? unknownCostMessages.costUnknown
                : money(i.totalInvestment),
            note:
              i.allocationPercentage === null ? undefined : `${Number(i.allocationPercentage).toFixed(1)}%`,
          }))}
        />
        <LeftOutNote
          lines={unknownCostLines({ lots_without_cost: data.capital?.lots_without_cost })}
          className="mt-2"
        />
      </div>
    );
  }
  const items = data.cost_basis?.items ?? [];
  if (items.length === 0) return <EmptyState title="No cost basis" headingLevel={3} />;
  const colours = {
    costBasisPerCoin: 'bg-warning',
    currentPrice: 'bg-accent',
    athPrice: 'bg-muted',
  } as const;
  const series = costSeriesOptions
    .filter((o) => selection.costSeries.includes(o.value))
    .map((o) => ({ field: o.value, label: o.label, className: colours[o.value] }));
  const lots = items.reduce((n, i) => n + (i.lots_without_cost ?? 0), 0);
  return (
    <div>
      <VerticalBars
        legend={series.map((s) => ({ label: s.label, className: s.className }))}
        label="Cost basis per coin against current and all-time-high price"
        groups={items.map((i) => ({
          key: i.coin_id,
          label: symbol(i.symbol),
          columns: series.map((s) => ({
            series: s.label,
            value: i[s.field] === null ? null : Number(i[s.field]),
            // A coin held only at unknown cost has no cost per coin: say so, not a dash.
            display:
              s.field === 'costBasisPerCoin' && i.costBasisPerCoin === null && i.lots_without_cost
                ? unknownCostMessages.costUnknown
                : money(i[s.field]),
            className: s.className,
          })),
        }))}
      />
      <LeftOutNote lines={unknownCostLines({ lots_without_cost: lots })} className="mt-2" />
    </div>
  );
}
