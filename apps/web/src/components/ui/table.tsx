import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type Density = 'compact' | 'normal' | 'roomy';
const pad: Record<Density, string> = { compact: 'p-1', normal: 'p-2', roomy: 'p-3' };

export interface TableProps {
  /** Read by screen readers before the table ("Transactions, newest first"); visible when captionVisible. */
  caption: string;
  captionVisible?: boolean;
  /** The header row's cells (<Th>). */
  head: ReactNode;
  /** The body rows (<tr> with <Td>). */
  children: ReactNode;
  /** Classes of the scroll container (border, max height, hidden below md…). */
  className?: string;
  /** Text size of the table. */
  size?: 'xs' | 'sm';
}

/**
 * A data table in its own horizontal scroll container, so a wide table scrolls inside the page at
 * 390 px instead of widening it; the caption names it for screen readers.
 */
export function Table({
  caption,
  captionVisible = false,
  head,
  children,
  className,
  size = 'sm',
}: TableProps) {
  return (
    <section
      className={cn(
        'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent',
        className,
      )}
      aria-label={caption}
      // A table wider than a phone scrolls here: keyboard users reach it by Tab and scroll it with
      // the arrow keys (axe scrollable-region-focusable); the region is named by the table.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      <table className={cn('w-full text-left', size === 'xs' ? 'text-xs' : 'text-sm')}>
        <caption className={captionVisible ? 'mb-2 text-left text-sm font-medium' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="text-xs text-muted">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

interface CellProps {
  /** Numbers align right (and use tabular figures) so their digits line up. */
  numeric?: boolean;
  density?: Density;
}

export function Th({
  numeric = false,
  density = 'roomy',
  className,
  ...rest
}: CellProps & ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(pad[density], 'font-medium', numeric && 'text-right', className)}
      {...rest}
    />
  );
}

export function Td({
  numeric = false,
  density = 'roomy',
  className,
  ...rest
}: CellProps & TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn(pad[density], numeric && 'whitespace-nowrap text-right tabular-nums', className)}
      {...rest}
    />
  );
}
