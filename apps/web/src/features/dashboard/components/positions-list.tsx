import { type DashboardResponse, transactionTypeLabels } from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { Private } from '@/components/ui/private-value';
import { cn } from '@/lib/cn';
import { useQuantityFormatter } from '@/lib/quantity';
import { type MoneyFormatter, useMoneyIn } from '@/lib/settings';
import { explainQuery } from '../api/dashboard-api';

type Item = NonNullable<DashboardResponse['positions']>['items'][number];

const tone = (v: string) => cn(Number(v) > 0 && 'text-accent', Number(v) < 0 && 'text-danger');

export function PositionsList({
  items,
  portfolioId,
  money,
}: {
  items: readonly Item[];
  portfolioId: string;
  money: MoneyFormatter;
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (items.length === 0) return <EmptyState title="No positions" headingLevel={3} />;
  return (
    // relative: the sr-only labels inside are absolutely placed; they must not widen the page.
    <section
      className="relative overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-accent"
      aria-label="Positions table"
      // A table wider than a phone scrolls here: keyboard users reach it by Tab and scroll it with
      // the arrow keys (axe scrollable-region-focusable); the region is named by the table.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Positions</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th className="px-1.5 py-2">Coin</th>
            <th className="px-1.5 py-2 text-right">Quantity</th>
            <th className="px-1.5 py-2 text-right">Value</th>
            <th className="px-1.5 py-2 text-right">Cost basis</th>
            <th className="px-1.5 py-2 text-right">Unrealized</th>
            <th className="px-1.5 py-2 text-right">Realized</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <PositionRow
              key={i.coin_id}
              item={i}
              money={money}
              open={open === i.coin_id}
              portfolioId={portfolioId}
              onToggle={() => setOpen(open === i.coin_id ? null : i.coin_id)}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PositionRow({
  item: i,
  money,
  open,
  portfolioId,
  onToggle,
}: {
  item: Item;
  money: MoneyFormatter;
  open: boolean;
  portfolioId: string;
  onToggle: () => void;
}) {
  const q = useQuantityFormatter();
  return (
    <>
      <tr className="border-t border-line">
        {/* The actions sit under the symbol: an actions column made the table wider than its
            half-width panel at 1280 px, and the panel scrolled the coin out of view. */}
        <td className="px-1.5 py-2">
          <span className="font-medium">{i.symbol.toUpperCase()}</span>
          <span className="-ml-2 flex flex-wrap text-xs">
            <button
              type="button"
              className={cn(buttonStyles.ghost, 'text-xs')}
              aria-expanded={open}
              onClick={onToggle}
            >
              Explain <span className="sr-only">{i.symbol.toUpperCase()} cost basis</span>
            </button>
            <Link
              className={cn(buttonStyles.ghost, 'text-xs')}
              to={`/transactions?coin=${encodeURIComponent(i.coin_id)}${portfolioId === 'all' ? '' : `&portfolio=${encodeURIComponent(portfolioId)}`}`}
            >
              Transactions <span className="sr-only">in {i.symbol.toUpperCase()}</span>
            </Link>
          </span>
        </td>
        <td className="px-1.5 py-2 text-right">
          <Private>{q(i.quantity)}</Private>
        </td>
        <td className="px-1.5 py-2 text-right">
          <Private>{money(i.totalValue)}</Private>
        </td>
        <td className="px-1.5 py-2 text-right">
          <Private>{money(i.totalInvestment)}</Private>
        </td>
        <td className={cn('whitespace-nowrap px-1.5 py-2 text-right', tone(i.unrealizedProfitLoss))}>
          <Private>{money(i.unrealizedProfitLoss)}</Private>
        </td>
        <td className={cn('whitespace-nowrap px-1.5 py-2 text-right', tone(i.realizedProfitLoss))}>
          <Private>{money(i.realizedProfitLoss)}</Private>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6} className="bg-surface-2 p-3">
            {/* w-0 min-w-full: the explanation takes the positions table's width and scrolls inside
                it, instead of widening that table past its panel (clipped at 1280 px otherwise). */}
            <div className="relative w-0 min-w-full overflow-x-auto">
              <Explanation portfolioId={portfolioId} coinId={i.coin_id} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** "Explain this number": the lots (FIFO/LIFO/HIFO) or the running average behind the cost basis. */
function Explanation({ portfolioId, coinId }: { portfolioId: string; coinId: string }) {
  const { data, isPending } = useQuery(explainQuery(portfolioId, coinId));
  const moneyIn = useMoneyIn();
  const q = useQuantityFormatter();
  if (isPending || !data) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <div className="grid gap-3 text-xs">
      {data.portfolios.map((p) => {
        const m = (v: string | null) => moneyIn(v, p.currency);
        return (
          <section key={p.portfolio_id} aria-label={`How ${p.name} got its cost basis`}>
            <h4 className="mb-1 text-sm font-semibold">
              {p.name}: <Private>{q(p.quantity)}</Private> held, cost basis{' '}
              <Private>{m(p.cost_basis)}</Private> ({data.method}, {p.currency.toUpperCase()})
            </h4>
            {p.explanation.method === 'average' ? (
              <table className="w-full">
                <thead className="text-muted">
                  <tr>
                    <th className="p-1 text-left">Date</th>
                    <th className="p-1 text-left">Type</th>
                    <th className="p-1 text-right">Quantity</th>
                    <th className="p-1 text-right">Holding after</th>
                    <th className="p-1 text-right">Cost basis after</th>
                    <th className="p-1 text-right">Running average</th>
                  </tr>
                </thead>
                <tbody>
                  {p.explanation.timeline.map((s) => (
                    <tr key={s.transaction_id} className="border-t border-line">
                      <td className="whitespace-nowrap p-1">{formatDate(s.executed_at)}</td>
                      <td className="p-1">{transactionTypeLabels[s.type]}</td>
                      <td className="p-1 text-right">
                        <Private>{q(s.quantity)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{q(s.holding_after)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{m(s.cost_basis_after)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{m(s.average_cost_after)}</Private>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : p.explanation.lots.length === 0 ? (
              <p className="text-muted">No lots left.</p>
            ) : (
              <table className="w-full">
                <thead className="text-muted">
                  <tr>
                    <th className="p-1 text-left">Acquired</th>
                    <th className="p-1 text-left">Type</th>
                    <th className="p-1 text-right">Bought</th>
                    <th className="p-1 text-right">Left</th>
                    <th className="p-1 text-right">Unit cost</th>
                    <th className="p-1 text-right">Cost basis</th>
                  </tr>
                </thead>
                <tbody>
                  {p.explanation.lots.map((l) => (
                    <tr key={l.transaction_id} className="border-t border-line">
                      <td className="whitespace-nowrap p-1">{formatDate(l.acquired_at)}</td>
                      <td className="p-1">{transactionTypeLabels[l.type]}</td>
                      <td className="p-1 text-right">
                        <Private>{q(l.quantity_acquired)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{q(l.quantity_left)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{m(l.unit_cost)}</Private>
                      </td>
                      <td className="p-1 text-right">
                        <Private>{m(l.cost_basis)}</Private>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
