import { costOrUnknown, type OpenLot } from '@app/contracts';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import { CardFigures, type Column } from './card-figures';
import { withKeys } from './keys';

type Money = (v: string | null) => string;
// Room between a right-aligned figure and the next column's text.
const cell = 'px-2 py-1';

function acquired(lot: OpenLot): string {
  if (lot.acquired_on !== null) return formatCalendarDay(lot.acquired_on);
  return lot.basis === 'section_104' ? 'Section 104 pool' : 'Average pool';
}

function qualifying(lot: OpenLot): string {
  if (lot.qualifies_on === null) return '–';
  return lot.qualifies_now
    ? `since ${formatCalendarDay(lot.qualifies_on)}`
    : formatCalendarDay(lot.qualifies_on);
}

/** A lot's figures in order: the table's headers and a card's terms are the same words, so both show the same. */
function lotColumns(qualifyingLabel: string | null, money: Money): readonly Column<OpenLot>[] {
  return [
    ['Acquired', acquired],
    ['Quantity', (l) => formatCoinQuantity(l.quantity), 'numeric'],
    ['Cost', (l) => costOrUnknown(l.cost, money), 'numeric'],
    ['Value', (l) => money(l.value), 'numeric'],
    // A lot of unknown cost has no gain to show: say why, not a dash.
    ['Unrealized', (l) => (l.cost === null ? costOrUnknown(null, money) : money(l.unrealized)), 'numeric'],
    ['Days held', (l) => (l.days_held === null ? '–' : String(l.days_held)), 'numeric'],
    [qualifyingLabel === null ? 'Holding period' : `Becomes ${qualifyingLabel}`, qualifying],
  ];
}

/**
 * One coin's open lots: a table from md up, one card per lot on a phone. Seven columns do not fit
 * 390 px, and the table scrolling in its panel cut the figures mid-number.
 */
export function CoinLots({
  caption,
  lots,
  qualifyingLabel,
  money,
}: {
  caption: string;
  lots: readonly OpenLot[];
  qualifyingLabel: string | null;
  money: Money;
}) {
  const columns = lotColumns(qualifyingLabel, money);
  const rows = withKeys(lots, (l) => `${l.portfolio_id}-${l.acquisition_id ?? l.basis}`);
  return (
    <>
      <Table
        caption={caption}
        className="mt-2 hidden md:block"
        tableClassName="min-w-[640px]"
        head={columns.map(([header, , numeric]) => (
          <Th key={header} density="custom" className={cell} numeric={numeric !== undefined}>
            {header}
          </Th>
        ))}
      >
        {rows.map(({ item: lot, key }) => (
          <tr key={key} className="border-t border-line">
            {columns.map(([header, figure, numeric]) => (
              <Td key={header} density="custom" className={cell} numeric={numeric !== undefined}>
                {figure(lot)}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      <ul aria-label={caption} className="mt-2 grid gap-2 md:hidden">
        {rows.map(({ item: lot, key }) => (
          <li key={key} className="rounded-lg border border-line p-3 text-xs">
            <CardFigures columns={columns} row={lot} />
          </li>
        ))}
      </ul>
    </>
  );
}
