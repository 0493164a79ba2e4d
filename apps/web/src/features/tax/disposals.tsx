import { costOrUnknown, type Disposal, type DisposalLine } from '@app/contracts';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import { CardFigures, type Column } from './card-figures';
import { withKeys } from './keys';
import { basisLabels, categoryLabels } from './labels';

type Money = (v: string | null) => string;
// Room between a right-aligned figure and the next column's text.
const cell = 'px-2 py-1';
const caption = 'Disposals and the lots they consumed';

/** One matched line's figures in order: the table's headers and a card's terms are the same words. */
function lineColumns(money: Money): readonly Column<DisposalLine>[] {
  return [
    ['Acquired', (l) => formatCalendarDay(l.acquired_on)],
    ['Matched by', (l) => basisLabels[l.basis] ?? l.basis],
    ['Quantity', (l) => formatCoinQuantity(l.quantity), 'numeric'],
    ['Proceeds', (l) => money(l.proceeds), 'numeric'],
    ['Cost', (l) => costOrUnknown(l.cost, money), 'numeric'],
    ['Fee', (l) => money(l.fee), 'numeric'],
    ['Gain', (l) => (l.cost === null ? costOrUnknown(null, money) : money(l.gain)), 'numeric'],
    ['Category', (l) => categoryLabels[l.category]],
  ];
}

const lineKey = (d: Disposal) => (x: DisposalLine) => `${d.transaction_id}-${x.basis}-${x.acquisition_id}`;

/**
 * The year's sales and the lots each one consumed: a table from lg up, one card per sale below.
 * Ten columns need 760 px; scrolling in its panel on a phone cut the figures mid-number.
 */
export function Disposals({
  disposals,
  coinName,
  money,
}: {
  disposals: readonly Disposal[];
  coinName: (coinId: string) => string;
  money: Money;
}) {
  const columns = lineColumns(money);
  return (
    <>
      <Table
        caption={caption}
        className="hidden rounded-xl border border-line bg-surface p-3 lg:block"
        tableClassName="min-w-[760px]"
        head={
          <>
            <Th density="custom" className={cell}>
              Sold
            </Th>
            <Th density="custom" className={cell}>
              Coin
            </Th>
            {columns.map(([header, , numeric]) => (
              <Th key={header} density="custom" className={cell} numeric={numeric !== undefined}>
                {header}
              </Th>
            ))}
          </>
        }
      >
        {disposals.flatMap((d) =>
          withKeys(d.lines, lineKey(d)).map(({ item: l, key }, i) => (
            <tr key={key} className={i === 0 ? 'border-t border-line' : ''}>
              <Td density="custom" className={cell}>
                {i === 0 ? formatCalendarDay(d.sold_on) : ''}
              </Td>
              <Td density="custom" className={cell}>
                {i === 0 ? coinName(d.coin_id) : ''}
              </Td>
              {columns.map(([header, figure, numeric]) => (
                <Td key={header} density="custom" className={cell} numeric={numeric !== undefined}>
                  {figure(l)}
                </Td>
              ))}
            </tr>
          )),
        )}
      </Table>
      <ul aria-label={caption} className="grid gap-2 lg:hidden">
        {withKeys(disposals, (d) => d.transaction_id).map(({ item: d, key }) => (
          <li key={key} className="rounded-xl border border-line bg-surface p-3 text-xs">
            <dl className="grid grid-cols-2 gap-x-3 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-muted">Sold</dt>
                <dd className="font-medium">{formatCalendarDay(d.sold_on)}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-muted">Coin</dt>
                <dd className="font-medium">{coinName(d.coin_id)}</dd>
              </div>
            </dl>
            {withKeys(d.lines, lineKey(d)).map(({ item: l, key: lk }) => (
              <CardFigures key={lk} columns={columns} row={l} className="mt-2 border-t border-line pt-2" />
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
