import type { ProjectionFigures, RowFigures, SellRow } from '@app/core';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import type { SellField } from '../hooks/use-sell-table';
import { formatCoins, formatMultiple, money } from './format';

interface SellTableProps {
  rows: SellRow[];
  figures: ProjectionFigures;
  currency: string;
  onEdit: (rowId: string, field: SellField, value: string) => void;
  onDelete: (rowId: string) => void;
}

const inputs: { field: SellField; label: string }[] = [
  { field: 'coins_sold', label: 'Coins sold' },
  { field: 'price_per_coin', label: 'Price per coin' },
  { field: 'fees_percentage', label: 'Fees %' },
  { field: 'price_impact_percentage', label: 'Price impact %' },
];

const text = (value: SellRow[SellField]) => (value === null || value === undefined ? '' : String(value));

interface RowProps {
  row: SellRow;
  figures: RowFigures | undefined;
  currency: string;
  onEdit: SellTableProps['onEdit'];
  onDelete: SellTableProps['onDelete'];
}

const SellRowView = memo(function SellRowView({ row, figures, currency, onEdit, onDelete }: RowProps) {
  const n = row.transaction_order;
  const counted = figures?.counted === true;
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-2 py-2 text-left font-medium text-muted tabular-nums">
        {n}
      </th>
      {inputs.map(({ field, label }) => (
        <td key={field} className="px-1 py-1.5">
          <input
            aria-label={`${label}, sell ${n}`}
            inputMode="decimal"
            value={text(row[field])}
            onChange={(e) => onEdit(row.id, field, e.target.value)}
            className="w-full min-w-20 rounded-md border border-line bg-bg px-2 py-1.5 text-right text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-accent"
          />
        </td>
      ))}
      <td className="px-2 py-2 text-right tabular-nums">
        {counted ? money(figures.net, currency) : '–'}
        {figures?.capped && (
          <span className="block text-xs text-warning">capped at {formatCoins(figures.coinsSold)}</span>
        )}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {counted ? money(figures.cumulativeCashOut, currency) : '–'}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {counted ? formatCoins(figures.remainingAfter) : '–'}
      </td>
      <td
        className={cn(
          'px-2 py-2 text-right tabular-nums',
          counted && figures.profitSoFar.startsWith('-') ? 'text-danger' : counted ? 'text-accent' : '',
        )}
      >
        {counted ? money(figures.profitSoFar, currency) : '–'}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {counted ? formatMultiple(figures.roiMultipleSoFar) : '–'}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {money(figures?.impliedMarketCap ?? null, currency)}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">{formatMultiple(figures?.priceVsCurrent)}</td>
      <td className="px-2 py-2 text-right tabular-nums">{formatMultiple(figures?.priceVsAth)}</td>
      <td className="px-1 py-1.5">
        <button
          type="button"
          aria-label={`Delete sell ${n}`}
          onClick={() => onDelete(row.id)}
          className="rounded-md px-2 py-1 text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-accent"
        >
          ✕
        </button>
      </td>
    </tr>
  );
});

/**
 * Spec §4 sell table: rows in transaction_order, typed values kept as text, figures from
 * the core recalculation (the same maths as the server's calculate routes).
 */
export function SellTable({ rows, figures, currency, onEdit, onDelete }: SellTableProps) {
  const byId = new Map(figures.rows.map((r) => [r.id ?? '', r]));
  return (
    <div className="relative overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full min-w-[1100px] text-sm" aria-label="Sell transactions">
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              #
            </th>
            {inputs.map(({ label }) => (
              <th key={label} scope="col" className="px-2 py-2 text-right font-medium">
                {label}
              </th>
            ))}
            {[
              'Cash out',
              'Total cash out',
              'Remaining',
              'Profit',
              'ROI',
              'Implied market cap',
              '× current',
              '× ATH',
            ].map((h) => (
              <th key={h} scope="col" className="px-2 py-2 text-right font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <SellRowView
              key={row.id}
              row={row}
              figures={byId.get(row.id)}
              currency={currency}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
