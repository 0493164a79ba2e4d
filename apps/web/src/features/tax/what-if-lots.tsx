import { costOrUnknown, type WhatIfLot, type WhatIfResponse } from '@app/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';

// Part of the what-if's answer, which shares no module with the Tax page's own (see what-if-result):
// the keys and a card's figures are written out here rather than taken from keys.ts and card-figures.

type Money = (v: string | null) => string;
/** A lot's column header (a card's term), its figure, and whether it is a number (right-aligned). */
type Column = readonly [string, (lot: WhatIfLot) => string, 'numeric'?];
// Room between a right-aligned figure and the next column's text.
const cell = 'px-2 py-1';
/** A sale can draw on a thousand lots: the first ones show, the rest on request. */
const firstLots = 50;
const caption = 'Lots the sale would use';

function acquired(lot: WhatIfLot): string {
  return lot.acquired_on === null ? lot.basis_label : formatCalendarDay(lot.acquired_on);
}

/** Stable keys for lines that can repeat a natural key (two lines of one pool): the nth repeat gets #n. */
function lotKeys(lots: readonly WhatIfLot[]): { item: WhatIfLot; key: string }[] {
  const seen = new Map<string, number>();
  return lots.map((item) => {
    const base = `${item.basis}-${item.acquisition_id ?? 'pool'}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { item, key: n === 0 ? base : `${base}#${n}` };
  });
}

/** A lot's figures in order: the table's headers and a card's terms are the same words. */
function lotColumns(result: WhatIfResponse, money: Money): readonly Column[] {
  const label = result.qualifying_label;
  const columns: Column[] = [
    ['Acquired', acquired],
    ['Matched by', (l) => l.basis_label],
    ['Quantity', (l) => formatCoinQuantity(l.quantity), 'numeric'],
    ['Proceeds', (l) => money(l.proceeds), 'numeric'],
    ['Cost', (l) => costOrUnknown(l.cost, money), 'numeric'],
    // A lot of unknown cost has no gain to show: say why, not a dash.
    ['Gain', (l) => (l.cost === null ? costOrUnknown(null, money) : money(l.gain)), 'numeric'],
    ['Category', (l) => l.category_label],
  ];
  if (label !== null)
    columns.push([
      `Becomes ${label}`,
      (l) =>
        l.qualifies_on === null
          ? '–'
          : l.qualifies_on <= result.sale_date
            ? `since ${formatCalendarDay(l.qualifies_on)}`
            : formatCalendarDay(l.qualifies_on),
    ]);
  return columns;
}

/**
 * The lots a sale would use: a table from lg up, one card per lot below, the first lots only
 * until the rest are asked for.
 */
export function WhatIfLots({ result, money }: { result: WhatIfResponse; money: Money }) {
  const [allLots, setAllLots] = useState(false);
  const columns = lotColumns(result, money);
  const shown = allLots ? result.lots : result.lots.slice(0, firstLots);
  const rows = lotKeys(shown);
  return (
    <>
      <Table
        caption={caption}
        className="hidden rounded-xl border border-line bg-surface p-3 lg:block"
        tableClassName="min-w-[760px]"
        head={columns.map(([header, , numeric]) => (
          <Th key={header} density="custom" className={cell} numeric={numeric !== undefined}>
            {header}
          </Th>
        ))}
      >
        {rows.map(({ item, key }) => (
          <tr key={key} className="border-t border-line">
            {columns.map(([header, figure, numeric]) => (
              <Td key={header} density="custom" className={cell} numeric={numeric !== undefined}>
                {figure(item)}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      <ul aria-label={caption} className="grid gap-2 lg:hidden">
        {rows.map(({ item, key }) => (
          <li key={key} className="rounded-lg border border-line p-3 text-xs">
            {/* The table's columns as terms, in the same order, two to a line so no figure is cut. */}
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
              {columns.map(([term, figure]) => (
                <div key={term} className="min-w-0">
                  <dt className="text-muted">{term}</dt>
                  <dd className="tabular-nums">{figure(item)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {result.lots.length > shown.length && (
        <Button variant="unstyled" className="text-sm underline" onClick={() => setAllLots(true)}>
          Show all {result.lots.length} lots
        </Button>
      )}
    </>
  );
}
