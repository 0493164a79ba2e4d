import { cn } from '@/lib/cn';

/**
 * A figure's column header (a card's term), how to show it for one row, and whether it is a
 * number (right-aligned in a table, so its digits line up).
 */
export type Column<T> = readonly [string, (row: T) => string, 'numeric'?];

/**
 * One row's figures on a phone's card: the table's columns as terms and definitions, in the same
 * order, two to a line so each figure has half the card and none is cut.
 */
export function CardFigures<T>({
  columns,
  row,
  className,
}: {
  columns: readonly Column<T>[];
  row: T;
  className?: string;
}) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-3 gap-y-1', className)}>
      {columns.map(([term, figure]) => (
        <div key={term} className="min-w-0">
          <dt className="text-muted">{term}</dt>
          <dd className="tabular-nums">{figure(row)}</dd>
        </div>
      ))}
    </dl>
  );
}
