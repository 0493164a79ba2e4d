import { type DashboardResponse, unknownCostLines, unknownCostMessages } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { Private } from '@/components/ui/private-value';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useQuantityFormatter } from '@/lib/quantity';
import type { MoneyFormatter } from '@/lib/settings';
import { Explanation } from './cost-basis-explanation';

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
            <Button variant="ghost" className="text-xs" aria-expanded={open} onClick={onToggle}>
              Explain <span className="sr-only">{i.symbol.toUpperCase()} cost basis</span>
            </Button>
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
