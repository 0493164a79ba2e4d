import { type PortfolioSummary, unknownCostLines } from '@app/contracts';
import { formatSignedPercent } from '@app/core';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { Private } from '@/components/ui/private-value';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { summaryDefinitions } from './summary-definitions';

const tone = (v: string) => cn(Number(v) > 0 && 'text-accent', Number(v) < 0 && 'text-danger');

interface Card {
  label: string;
  amount: string;
  percent?: string | null;
  signed: boolean;
}

/** The portfolioSummary section; each figure says what it is and how it adds up (the "i" button). */
export function SummaryCards({ summary, money }: { summary: PortfolioSummary; money: MoneyFormatter }) {
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
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
    { label: '24h change', amount: summary.change_24h, percent: summary.change_percentage_24h, signed: true },
  ];
  const definitions = summaryDefinitions(summary, money);
  const openCard = cards.find((c) => c.label === open);
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="min-w-0 rounded-lg bg-surface-2 p-3">
            <dt className="flex items-start justify-between gap-1 text-xs text-muted">
              {c.label}
              <Button
                variant="unstyled"
                aria-expanded={open === c.label}
                aria-controls={`${id}-definition`}
                onClick={() => setOpen(open === c.label ? null : c.label)}
                className={cn(
                  'flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px] font-semibold',
                  open === c.label ? 'border-accent text-accent' : 'border-line text-muted hover:text-fg',
                )}
              >
                <span aria-hidden="true">i</span>
                <span className="sr-only">What {c.label} means</span>
              </Button>
            </dt>
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
      <div id={`${id}-definition`} aria-live="polite">
        {openCard && (
          <section
            aria-label={`${openCard.label}: what it means`}
            className="mt-3 rounded-lg border border-line bg-surface-2 p-3 text-sm"
          >
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
              {openCard.label}
            </h3>
            <p>{definitions[openCard.label]}</p>
          </section>
        )}
      </div>
      <p className="mt-2 text-xs text-muted">
        {summary.unique_coins_count} coins · cost basis by {summary.cost_basis_method}
        {summary.converted_currencies.length > 0 &&
          ` · costs in ${summary.converted_currencies.join(', ').toUpperCase()} converted at today's exchange rate`}
        {summary.unpriced_coins.length > 0 &&
          ` · no price for ${summary.unpriced_coins.join(', ')} (valued at cost)`}
        {(summary.fees_without_price?.length ?? 0) > 0 &&
          ` · ${summary.fees_without_price?.length} ${summary.fees_without_price?.length === 1 ? 'fee' : 'fees'} in another currency without a rate or price for ${summary.fees_without_price?.length === 1 ? 'its' : 'their'} day (left out)`}
      </p>
      <LeftOutNote lines={unknownCostLines(summary)} className="mt-1" />
    </div>
  );
}
