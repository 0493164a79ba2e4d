import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useSellTableVirtualizer } from '../hooks/use-sell-virtualizer';
import {
  cappedNote,
  deleteButtonClass,
  fieldText,
  figureCells,
  figureHeadings,
  inputClass,
  inputName,
  type SellRowViewProps,
  sameRowView,
  sellInputs,
  toneClass,
} from './sell-row-parts';
import type { SellListProps } from './sell-table';

/** A row with its inputs is about this tall; rows are measured once mounted. */
const rowEstimate = 49;
const columnCount = 1 + sellInputs.length + figureHeadings.length + 1;

const SellTableRow = memo(function SellTableRow(props: SellRowViewProps) {
  const { index, row, figures, currency, sellTax, onEdit, onDelete, measure } = props;
  const n = row.transaction_order;
  const note = cappedNote(figures);
  return (
    <tr
      ref={measure}
      data-index={index}
      data-row-id={row.id}
      aria-rowindex={index + 2}
      aria-label={`Sell ${n}`}
      className="border-t border-line align-top"
    >
      <th scope="row" className="px-2 py-2 text-left font-medium text-muted tabular-nums">
        {n}
      </th>
      {sellInputs.map(({ field, label }) => (
        <td key={field} className="px-1 py-1.5">
          <input
            aria-label={inputName(label, n)}
            inputMode="decimal"
            value={fieldText(row[field])}
            onChange={(e) => onEdit(row.id, field, e.target.value)}
            className={cn(inputClass, 'min-w-20')}
          />
        </td>
      ))}
      {figureCells(figures, currency, { feesPercentage: row.fees_percentage, sellTax }).map((cell, i) => (
        <td key={cell.label} className={cn('px-2 py-2 text-right tabular-nums', toneClass(cell.tone))}>
          {cell.text}
          {i === 0 && note !== null && (
            <span className="block whitespace-nowrap text-xs text-warning">{note}</span>
          )}
        </td>
      ))}
      <td className="px-1 py-1.5">
        <Button
          variant="unstyled"
          aria-label={`Delete sell ${n}`}
          onClick={() => onDelete(row.id)}
          className={deleteButtonClass}
        >
          ✕
        </Button>
      </td>
    </tr>
  );
}, sameRowView);

/** Wide screens: one table row per sell, in a scroller that mounts only the rows in view. */
export function SellRowsTable({ rows, figures, currency, sellTax, onEdit, onDelete }: SellListProps) {
  const head = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    setHeadHeight(head.current?.offsetHeight ?? 0);
  }, []);
  const { scroller, virtual, segments } = useSellTableVirtualizer(rows, rowEstimate, headHeight);

  return (
    <Table
      caption="Sell transactions"
      scroll="both"
      className="max-h-[36rem] rounded-xl border border-line bg-surface [scroll-padding-top:2.5rem]"
      scrollerRef={scroller}
      testId="sell-table-scroller"
      headRef={head}
      headClassName="sticky top-0 z-10 bg-surface"
      rowCount={rows.length + 1}
      head={
        <>
          <Th density="custom" className="px-2 py-2">
            #
          </Th>
          {[...sellInputs.map((i) => i.label), ...figureHeadings].map((h, i) => (
            <Th
              key={h}
              density="custom"
              className={cn('whitespace-nowrap px-2 py-2 text-right', i < sellInputs.length && 'min-w-24')}
            >
              {h}
            </Th>
          ))}
          <Th density="custom" className="px-2 py-2">
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
    >
      {segments().map((segment) => {
        if (segment.kind === 'gap') {
          return (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds no content and takes no focus
            <tr key={segment.key} aria-hidden="true">
              <Td density="custom" colSpan={columnCount} style={{ height: segment.size, padding: 0 }} />
            </tr>
          );
        }
        const { index } = segment.item;
        const row = rows[index];
        if (row === undefined) return null;
        return (
          <SellTableRow
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
    </Table>
  );
}
