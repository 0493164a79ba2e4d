import type { ReactNode, Ref, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type Density = 'compact' | 'snug' | 'normal' | 'roomy' | 'custom';
// snug: rows as tall as normal, columns closer, for a table sharing a half-width panel.
// custom: no padding of its own; the cell's className sets it (class order cannot override here).
const pad: Record<Density, string> = {
  custom: '',
  compact: 'p-1',
  snug: 'px-1.5 py-2',
  normal: 'p-2',
  roomy: 'p-3',
};

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
  /** Classes of the <table> itself (a minimum width, border-collapse…). */
  tableClassName?: string;
  /** Classes of the <thead> (sticky headers of a tall scroller). */
  headClassName?: string;
  /** Text size of the table. */
  size?: 'xs' | 'sm';
  /**
   * 'x' (default): the container scrolls sideways only and grows with its rows. 'both': a tall
   * list in a container of fixed maximum height (give it one in className) scrolls both ways.
   */
  scroll?: 'x' | 'both';
  /** The scroll container, for a virtualiser that mounts only the rows in view. */
  scrollerRef?: Ref<HTMLElement>;
  /** The header section, for a virtualiser that needs the sticky header's height. */
  headRef?: Ref<HTMLTableSectionElement>;
  /** Total rows including the header, when only some rows are in the DOM (virtualised). */
  rowCount?: number;
  testId?: string;
}

/**
 * A data table in its own scroll container, so a wide table scrolls inside the page at 390 px
 * instead of widening it; the caption names both the table and its scrolling region.
 */
export function Table({
  caption,
  captionVisible = false,
  head,
  children,
  className,
  tableClassName,
  headClassName,
  size = 'sm',
  scroll = 'x',
  scrollerRef,
  headRef,
  rowCount,
  testId,
}: TableProps) {
  return (
    <section
      ref={scrollerRef}
      data-testid={testId}
      className={cn(
        'relative focus-visible:outline-2 focus-visible:outline-accent',
        scroll === 'x' ? 'overflow-x-auto' : 'overflow-auto',
        className,
      )}
      aria-label={caption}
      // A table wider than a phone scrolls here: keyboard users reach it by Tab and scroll it with
      // the arrow keys (axe scrollable-region-focusable); the region is named by the table.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      <table
        className={cn('w-full text-left', size === 'xs' ? 'text-xs' : 'text-sm', tableClassName)}
        aria-rowcount={rowCount}
      >
        <caption className={captionVisible ? 'mb-2 text-left text-sm font-medium' : 'sr-only'}>
          {caption}
        </caption>
        <thead ref={headRef} className={cn('text-xs text-muted', headClassName)}>
          <tr aria-rowindex={rowCount === undefined ? undefined : 1}>{head}</tr>
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
