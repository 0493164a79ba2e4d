import { type RowFigures, rungTakeHome, type SellRow } from '@app/core';
import type { SellField } from '../hooks/use-sell-table';
import { formatCoins, formatMultiple, money } from './format';

/** The four typed fields of a sell, in column order. */
export const sellInputs: { field: SellField; label: string }[] = [
  { field: 'coins_sold', label: 'Coins sold' },
  { field: 'price_per_coin', label: 'Price per coin' },
  { field: 'fees_percentage', label: 'Fees %' },
  { field: 'price_impact_percentage', label: 'Price impact %' },
];

export const inputClass =
  'w-full min-w-0 rounded-md border border-line bg-bg px-2 py-1.5 text-right text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-accent';

export const deleteButtonClass =
  'rounded-md px-2 py-1 text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-accent';

export const fieldText = (value: SellRow[SellField]) =>
  value === null || value === undefined ? '' : String(value);

export const inputName = (label: string, n: number) => `${label}, sell ${n}`;

export type FigureTone = 'up' | 'down' | undefined;

export interface FigureCell {
  label: string;
  text: string;
  tone?: FigureTone;
}

/** The take-home column's name: the spec's cash out ignores price impact, this figure does not. */
export const takeHomeLabel = 'Take-home after price impact';

/**
 * A row's figures as shown, in column order. Running figures ('–' until the row counts)
 * and the market figures, which need only a price. The take-home after price impact sits
 * beside the spec's cash out, which it never replaces.
 */
export function figureCells(
  figures: RowFigures | undefined,
  currency: string,
  takeHome: { feesPercentage: SellRow['fees_percentage']; sellTax: string } | null = null,
): FigureCell[] {
  const counted = figures?.counted === true;
  const shown = (text: () => string) => (counted ? text() : '–');
  const profitDown = counted && figures?.profitSoFar.startsWith('-') === true;
  return [
    { label: 'Cash out', text: shown(() => money(figures?.net ?? null, currency)) },
    { label: 'Total cash out', text: shown(() => money(figures?.cumulativeCashOut ?? null, currency)) },
    {
      label: takeHomeLabel,
      text: shown(() =>
        figures && takeHome
          ? money(rungTakeHome(figures, takeHome.feesPercentage, takeHome.sellTax), currency)
          : '–',
      ),
    },
    { label: 'Remaining', text: shown(() => formatCoins(figures?.remainingAfter)) },
    {
      label: 'Profit',
      text: shown(() => money(figures?.profitSoFar ?? null, currency)),
      tone: counted ? (profitDown ? 'down' : 'up') : undefined,
    },
    { label: 'ROI', text: shown(() => formatMultiple(figures?.roiMultipleSoFar)) },
    { label: 'Implied market cap', text: money(figures?.impliedMarketCap ?? null, currency) },
    { label: '× current', text: formatMultiple(figures?.priceVsCurrent) },
    { label: '× ATH', text: formatMultiple(figures?.priceVsAth) },
  ];
}

export const figureHeadings = figureCells(undefined, 'usd').map((c) => c.label);

export const toneClass = (tone: FigureTone) =>
  tone === 'down' ? 'text-danger' : tone === 'up' ? 'text-accent' : '';

/** "capped at 1.5": the row asked for more coins than remained. */
export const cappedNote = (figures: RowFigures | undefined) =>
  figures?.capped === true ? `capped at ${formatCoins(figures.coinsSold)}` : null;

export interface SellRowViewProps {
  index: number;
  count: number;
  row: SellRow;
  figures: RowFigures | undefined;
  currency: string;
  /** The projection's sell tax, for the take-home after price impact. */
  sellTax: string;
  onEdit: (rowId: string, field: SellField, value: string) => void;
  onDelete: (rowId: string) => void;
  measure: (element: HTMLElement | null) => void;
}

const shownFigures: (keyof RowFigures)[] = [
  'counted',
  'capped',
  'coinsSold',
  'net',
  'cumulativeCashOut',
  'grossAtEffectivePrice',
  'remainingAfter',
  'profitSoFar',
  'roiMultipleSoFar',
  'impliedMarketCap',
  'priceVsCurrent',
  'priceVsAth',
];

/**
 * Each recalculation hands every row a new figures object; a row re-renders only when
 * what it shows changed (a keystroke moves the rows below it, not those above).
 */
export function sameRowView(a: SellRowViewProps, b: SellRowViewProps): boolean {
  return (
    a.row === b.row &&
    a.index === b.index &&
    a.count === b.count &&
    a.currency === b.currency &&
    a.sellTax === b.sellTax &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.measure === b.measure &&
    (a.figures === b.figures ||
      (a.figures !== undefined &&
        b.figures !== undefined &&
        shownFigures.every((key) => a.figures?.[key] === b.figures?.[key])))
  );
}
