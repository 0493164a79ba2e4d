import type { FastProjectionFigures, SellRow } from '@app/core';
import { useNarrowLayout } from '../hooks/use-narrow-layout';
import type { SellField } from '../hooks/use-sell-table';
import { SellCards } from './sell-cards';
import { SellRowsTable } from './sell-rows-table';

export interface SellListProps {
  rows: SellRow[];
  /** Figures of `rows`, built per row only for the rows on screen. */
  figures: FastProjectionFigures;
  currency: string;
  /** The projection's sell tax: the take-home after price impact works its tax with it. */
  sellTax: string;
  onEdit: (rowId: string, field: SellField, value: string) => void;
  onDelete: (rowId: string) => void;
}

/**
 * The sell table: rows in transaction_order, typed values kept as text, figures from
 * the core recalculation (the same maths as the server's calculate routes). A table on
 * wide screens, a card per sell on narrow ones; both mount only the sells in view.
 */
export function SellTable(props: SellListProps) {
  return useNarrowLayout() ? <SellCards {...props} /> : <SellRowsTable {...props} />;
}
