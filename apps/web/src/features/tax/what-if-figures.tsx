import { costOrUnknown, type WhatIfResponse } from '@app/contracts';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';

type Money = (v: string | null) => string;

function Figure({ term, children, strong }: { term: string; children: string; strong?: boolean }) {
  return (
    <div className="min-w-0 rounded-lg border border-line p-3">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className={strong ? 'break-words text-lg font-semibold tabular-nums' : 'break-words tabular-nums'}>
        {children}
      </dd>
    </div>
  );
}

/** The sale's figures at the head of the answer: the tax and the gain first, then what they come from. */
export function WhatIfFigures({ result, money }: { result: WhatIfResponse; money: Money }) {
  const noRule = result.rule === 'none';
  return (
    <dl aria-label="The sale's figures" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      <Figure term="Estimated tax" strong>
        {noRule ? 'No estimate' : costOrUnknown(result.estimated_tax, money)}
      </Figure>
      <Figure term="Gain" strong>
        {costOrUnknown(result.gain, money)}
      </Figure>
      <Figure term="After fees and tax">{noRule ? '–' : costOrUnknown(result.after_tax, money)}</Figure>
      <Figure term="Proceeds">{money(result.proceeds)}</Figure>
      <Figure term={`Fees (${result.fees_percentage}%)`}>{money(result.fees)}</Figure>
      <Figure term="Cost">{costOrUnknown(result.cost, money)}</Figure>
      <Figure term={result.capped ? 'Quantity sold (all you hold)' : 'Quantity sold'}>
        {formatCoinQuantity(result.quantity)}
      </Figure>
      <Figure term={result.price_source === 'market_now' ? 'Price (market now)' : 'Price (given)'}>
        {money(result.price_per_coin)}
      </Figure>
      <Figure term="Sale date">{formatCalendarDay(result.sale_date)}</Figure>
    </dl>
  );
}
