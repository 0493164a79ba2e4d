import type { PortfolioSummary } from '@app/contracts';
import { formatSignedPercent } from '@app/core';
import { Private } from '@/components/ui/private-value';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';

const tone = (v: string) => cn(Number(v) > 0 && 'text-accent', Number(v) < 0 && 'text-danger');

interface Card {
  label: string;
  amount: string;
  percent?: string | null;
  signed: boolean;
}

/** The portfolioSummary section. */
export function SummaryCards({ summary, money }: { summary: PortfolioSummary; money: MoneyFormatter }) {
  const r = summary.returns;
  const cards: Card[] = [
    { label: 'Total value', amount: summary.total_value, signed: false },
    { label: 'Capital invested', amount: summary.total_investment, signed: false },
    {
      label: 'Total return',
      amount: r.total.profitLoss,
      percent: r.total.profitLossPercentage,
      signed: true,
    },
    {
      label: 'Unrealized',
      amount: r.unrealized.profitLoss,
      percent: r.unrealized.profitLossPercentage,
      signed: true,
    },
    {
      label: 'Realized',
      amount: r.realized.profitLoss,
      percent: r.realized.profitLossPercentage,
      signed: true,
    },
    {
      label: '24h change',
      amount: summary.change_24h,
      percent: summary.change_percentage_24h,
      signed: true,
    },
  ];
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="min-w-0 rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">{c.label}</dt>
            <dd
              className={cn(
                'mt-1 flex flex-wrap gap-x-1 font-semibold tabular-nums',
                c.signed && tone(c.amount),
              )}
            >
              <Private className="whitespace-nowrap">{money(c.amount)}</Private>
              {c.percent !== undefined && (
                <span className="whitespace-nowrap">({formatSignedPercent(c.percent)})</span>
              )}
            </dd>
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
