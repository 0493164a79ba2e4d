import { memo } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSellCardsVirtualizer } from '../hooks/use-sell-virtualizer';
import {
  cappedNote,
  deleteButtonClass,
  fieldText,
  figureCells,
  inputClass,
  inputName,
  type SellRowViewProps,
  sameRowView,
  sellInputs,
  toneClass,
} from './sell-row-parts';
import type { SellListProps } from './sell-table';

/** A card is about this tall (its fields side by side from 640 px); cards are measured once mounted. */
const cardEstimate = () => (window.innerWidth >= 640 ? 200 : 300);

const SellCard = memo(function SellCard(props: SellRowViewProps) {
  const { index, count, row, figures, currency, sellTax, onEdit, onDelete, measure } = props;
  const n = row.transaction_order;
  const note = cappedNote(figures);
  return (
    <li
      ref={measure}
      data-index={index}
      data-row-id={row.id}
      aria-label={`Sell ${n}`}
      aria-posinset={index + 1}
      aria-setsize={count}
      className="pb-3"
    >
      <div className="rounded-xl border border-line bg-surface p-3">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm font-semibold">Sell {n}</span>
          {note !== null && (
            <span className="rounded-full border border-warning/40 px-2 py-0.5 text-xs text-warning">
              {note}
            </span>
          )}
          <Button
            variant="unstyled"
            aria-label={`Delete sell ${n}`}
            onClick={() => onDelete(row.id)}
            className={cn(deleteButtonClass, 'ml-auto')}
          >
            ✕
          </Button>
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {sellInputs.map(({ field, label }) => (
            <label key={field} className="flex flex-col gap-1 text-xs text-muted">
              {label}
              <input
                aria-label={inputName(label, n)}
                inputMode="decimal"
                value={fieldText(row[field])}
                onChange={(e) => onEdit(row.id, field, e.target.value)}
                className={cn(inputClass, 'text-fg')}
              />
            </label>
          ))}
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 border-t border-line pt-3 sm:grid-cols-3 lg:grid-cols-4">
          {figureCells(figures, currency, { feesPercentage: row.fees_percentage, sellTax }).map((cell) => (
            <div key={cell.label} className="min-w-0">
              <dt className="text-xs text-muted">{cell.label}</dt>
              <dd
                className={cn(
                  'text-sm font-medium tabular-nums [overflow-wrap:anywhere]',
                  toneClass(cell.tone),
                )}
              >
                {cell.text}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}, sameRowView);

/** Narrow screens: one labelled card per sell, scrolling with the page; only the cards in view mount. */
export function SellCards({ rows, figures, currency, sellTax, onEdit, onDelete }: SellListProps) {
  const { list, virtual, segments } = useSellCardsVirtualizer(rows, cardEstimate());
  return (
    <ol ref={list} aria-label="Sell transactions" className="flex flex-col">
      {segments().map((segment) => {
        if (segment.kind === 'gap') {
          return <li key={segment.key} aria-hidden="true" style={{ height: segment.size }} />;
        }
        const { index } = segment.item;
        const row = rows[index];
        if (row === undefined) return null;
        return (
          <SellCard
            key={row.id}
            index={index}
            count={rows.length}
            row={row}
            figures={figures.rowFor(index)}
            currency={currency}
            sellTax={sellTax}
            onEdit={onEdit}
            onDelete={onDelete}
            measure={virtual.measureElement}
          />
        );
      })}
    </ol>
  );
}
