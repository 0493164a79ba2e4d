import type { PortfolioSummary } from '@app/contracts';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';

const tone = (v: string) => cn(Number(v) > 0 && 'text-accent', Number(v) < 0 && 'text-danger');
const pct = (v: string | null) => (v === null ? '–' : `${Number(v) > 0 ? '+' : ''}${Number(v).toFixed(2)}%`);

/** The portfolioSummary section. */
export function SummaryCards({ summary, money }: { summary: PortfolioSummary; money: MoneyFormatter }) {
  const cards = [
    { label: 'Total value', value: money(summary.total_value), className: '' },
    { label: 'Capital invested', value: money(summary.total_investment), className: '' },
    {
      label: 'Total return',
      value: `${money(summary.returns.total.profitLoss)} (${pct(summary.returns.total.profitLossPercentage)})`,
      className: tone(summary.returns.total.profitLoss),
    },
    {
      label: 'Unrealized',
      value: `${money(summary.returns.unrealized.profitLoss)} (${pct(summary.returns.unrealized.profitLossPercentage)})`,
      className: tone(summary.returns.unrealized.profitLoss),
    },
    {
      label: 'Realized',
      value: `${money(summary.returns.realized.profitLoss)} (${pct(summary.returns.realized.profitLossPercentage)})`,
      className: tone(summary.returns.realized.profitLoss),
    },
    {
      label: '24h change',
      value: `${money(summary.change_24h)} (${pct(summary.change_percentage_24h)})`,
      className: tone(summary.change_24h),
    },
  ];
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">{c.label}</dt>
            <dd className={cn('mt-1 font-semibold tabular-nums', c.className)}>{c.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">
        {summary.unique_coins_count} coins · cost basis by {summary.cost_basis_method}
        {summary.converted_currencies.length > 0 &&
          ` · costs in ${summary.converted_currencies.join(', ').toUpperCase()} converted at today's exchange rate`}
        {summary.unpriced_coins.length > 0 &&
          ` · no price for ${summary.unpriced_coins.join(', ')} (valued at cost)`}
      </p>
    </div>
  );
}
