import { costOrUnknown, type WhatIfResponse } from '@app/contracts';
import { Link } from 'react-router';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import type { SaleDraft } from '@/lib/sale-draft';

type Money = (v: string | null) => string;
type Choice = NonNullable<WhatIfResponse['lowest_tax_choice']>;

/** The first lines show; a sale over many lots says how many more. */
const firstLines = 10;

/**
 * US rule: the lots that give the sale the lowest estimated tax, beside the method of the year,
 * and a way to enter the sale with them (the transaction form opens filled in; nothing is saved
 * until it is submitted). Part of the what-if's answer, so it loads with it.
 */
export function LowestTaxChoice({
  result,
  choice,
  money,
}: {
  result: WhatIfResponse;
  choice: Choice;
  money: Money;
}) {
  const draft: SaleDraft | null =
    result.portfolio_id === null
      ? null
      : {
          portfolio_id: result.portfolio_id,
          coin_id: result.coin_id,
          quantity: result.quantity,
          price_per_coin: result.price_per_coin,
          lots: choice.lots,
        };
  return (
    <section aria-label="Lowest-tax choice of lots" className="rounded-lg border border-line p-3 text-sm">
      <h3 className="font-semibold">Lowest-tax choice of lots</h3>
      {choice.same_as_method ? (
        <p className="text-muted">{choice.method_label} already takes the lots with the lowest tax.</p>
      ) : (
        <p>
          Naming these lots: estimated tax {costOrUnknown(choice.estimated_tax, money)} against{' '}
          {costOrUnknown(choice.method_estimated_tax, money)} with {choice.method_label}
          {choice.tax_saving !== null && `, ${money(choice.tax_saving)} less`}; gain{' '}
          {costOrUnknown(choice.gain, money)}.
        </p>
      )}
      <ul aria-label="Lots named" className="mt-2 space-y-0.5 text-xs">
        {choice.lines.slice(0, firstLines).map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one answer, never reordered
          <li key={`${l.acquisition_id}-${i}`}>
            {formatCalendarDay(l.acquired_on)}: {formatCoinQuantity(l.quantity)} · {l.category_label} · gain{' '}
            {costOrUnknown(l.gain, money)}
          </li>
        ))}
        {choice.lines.length > firstLines && <li>and {choice.lines.length - firstLines} more lots</li>}
      </ul>
      {!choice.same_as_method &&
        (draft ? (
          <Link
            to="/transactions"
            state={{ saleDraft: draft }}
            className="mt-2 inline-block rounded-md border border-line px-3 py-1.5 hover:border-accent"
          >
            Enter this sale with these lots
          </Link>
        ) : (
          <p className="mt-2 text-xs text-muted">Choose a portfolio to enter this sale with these lots.</p>
        ))}
      <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-muted">
        {choice.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
