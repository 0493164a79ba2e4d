import {
  costOrUnknown,
  type DashboardResponse,
  type LedgerStep,
  transactionTypeLabels,
  unknownCostLines,
  unknownCostMessages,
} from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { Private } from '@/components/ui/private-value';
import { Table, Td, Th } from '@/components/ui/table';
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
  const counts = {
    lots_without_cost: items.reduce((n, i) => n + (i.lots_without_cost ?? 0), 0),
    disposals_with_unknown_cost: items.reduce((n, i) => n + (i.disposals_with_unknown_cost ?? 0), 0),
  };
  return (
    <>
      <PositionsTable items={items} portfolioId={portfolioId} money={money} open={open} onOpen={setOpen} />
      <LeftOutNote lines={unknownCostLines(counts)} className="mt-2" />
    </>
  );
}

function PositionsTable({
  items,
  portfolioId,
  money,
  open,
  onOpen,
}: {
  items: readonly Item[];
  portfolioId: string;
  money: MoneyFormatter;
  open: string | null;
  onOpen: (coinId: string | null) => void;
}) {
  return (
    <Table
      caption="Positions"
      className="rounded-md"
      head={
        <>
          <Th density="snug">Coin</Th>
          {['Quantity', 'Value', 'Cost basis', 'Unrealized', 'Realized'].map((h) => (
            <Th key={h} density="snug" numeric>
              {h}
            </Th>
          ))}
        </>
      }
    >
      {items.map((i) => (
        <PositionRow
          key={i.coin_id}
          item={i}
          money={money}
          open={open === i.coin_id}
          portfolioId={portfolioId}
          onToggle={() => onOpen(open === i.coin_id ? null : i.coin_id)}
        />
      ))}
    </Table>
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
  const unknown = i.unknown_cost_quantity;
  // Quantities arrive in one plain form (no trailing zeros), so equal strings are equal amounts.
  const allUnknown = unknown !== undefined && unknown === i.quantity;
  return (
    <>
      <tr className="border-t border-line">
        {/* The actions sit under the symbol: an actions column made the table wider than its
            half-width panel at 1280 px, and the panel scrolled the coin out of view. */}
        <Td density="snug">
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
        </Td>
        <Td density="snug" numeric>
          <Private>{q(i.quantity)}</Private>
        </Td>
        <Td density="snug" numeric>
          <Private>{money(i.totalValue)}</Private>
        </Td>
        <Td density="snug" numeric>
          {/* Nothing of known cost held: no cost to show, rather than a cost of 0. */}
          <Private>{allUnknown ? unknownCostMessages.costUnknown : money(i.totalInvestment)}</Private>
          {unknown && !allUnknown && (
            <span className="block text-xs text-warning">
              <Private>{unknownCostMessages.unknownCostUnits(q(unknown))}</Private>
            </span>
          )}
        </Td>
        <Td density="snug" numeric className={allUnknown ? undefined : tone(i.unrealizedProfitLoss)}>
          <Private>{allUnknown ? unknownCostMessages.costUnknown : money(i.unrealizedProfitLoss)}</Private>
        </Td>
        <Td density="snug" numeric className={tone(i.realizedProfitLoss)}>
          <Private>{money(i.realizedProfitLoss)}</Private>
        </Td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6} className="bg-surface-2 p-3">
            {/* w-0 min-w-full: the explanation takes the positions table's width (its tables scroll
                inside it) instead of widening that table past its panel (clipped at 1280 px otherwise). */}
            <div className="relative w-0 min-w-full">
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
              {p.unknown_cost_quantity && (
                <>
                  , <Private>{unknownCostMessages.unknownCostUnits(q(p.unknown_cost_quantity))}</Private>
                </>
              )}
            </h4>
            <LeftOutNote lines={unknownCostLines(p)} className="mb-1" />
            {p.explanation.method === 'average' ? (
              <Table
                caption={`${p.name}: running average, oldest first`}
                size="xs"
                head={
                  <ExplainHead
                    headings={[
                      'Date',
                      'Type',
                      'Quantity',
                      'Holding after',
                      'Cost basis after',
                      'Running average',
                    ]}
                  />
                }
              >
                {p.explanation.timeline.map((s, index, steps) => (
                  <tr key={s.transaction_id} className="border-t border-line">
                    <Td density="compact" className="whitespace-nowrap">
                      {formatDate(s.executed_at)}
                    </Td>
                    <Td density="compact">
                      {transactionTypeLabels[s.type]}
                      {addsUnknownCost(s, steps[index - 1]) && ` (${unknownCostMessages.costUnknown})`}
                    </Td>
                    <ExplainFigure value={q(s.quantity)} />
                    <ExplainFigure value={q(s.holding_after)} />
                    <ExplainFigure value={m(s.cost_basis_after)} />
                    <ExplainFigure
                      value={
                        s.average_cost_after === null && isPositive(s.unknown_cost_quantity_after)
                          ? unknownCostMessages.costUnknown
                          : m(s.average_cost_after)
                      }
                    />
                  </tr>
                ))}
              </Table>
            ) : p.explanation.lots.length === 0 ? (
              <p className="text-muted">No lots left.</p>
            ) : (
              <Table
                caption={`${p.name}: lots left, in the order they are sold`}
                size="xs"
                head={
                  <ExplainHead headings={['Acquired', 'Type', 'Bought', 'Left', 'Unit cost', 'Cost basis']} />
                }
              >
                {p.explanation.lots.map((l) => (
                  <tr key={l.transaction_id} className="border-t border-line">
                    <Td density="compact" className="whitespace-nowrap">
                      {formatDate(l.acquired_at)}
                    </Td>
                    <Td density="compact">{transactionTypeLabels[l.type]}</Td>
                    <ExplainFigure value={q(l.quantity_acquired)} />
                    <ExplainFigure value={q(l.quantity_left)} />
                    <ExplainFigure value={costOrUnknown(l.unit_cost, m)} />
                    <ExplainFigure value={costOrUnknown(l.cost_basis, m)} />
                  </tr>
                ))}
              </Table>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A quantity above 0 (quantities are never negative). */
function isPositive(value: string | undefined): boolean {
  return value !== undefined && !/^0*(\.0*)?$/.test(value);
}

/**
 * An acquisition whose units joined the units of unknown cost (a transfer in without a price):
 * an acquisition only ever adds to them, so a changed figure means it did.
 */
function addsUnknownCost(step: LedgerStep, before: LedgerStep | undefined): boolean {
  if (step.type === 'sell' || step.type === 'transfer_out') return false;
  return (step.unknown_cost_quantity_after ?? '0') !== (before?.unknown_cost_quantity_after ?? '0');
}

/** The explanation's header: two text columns (date, type), then four figures. */
function ExplainHead({ headings }: { headings: readonly string[] }) {
  return headings.map((h, i) => (
    <Th key={h} density="compact" numeric={i >= 2}>
      {h}
    </Th>
  ));
}

function ExplainFigure({ value }: { value: string }) {
  return (
    <Td density="compact" numeric>
      <Private>{value}</Private>
    </Td>
  );
}
