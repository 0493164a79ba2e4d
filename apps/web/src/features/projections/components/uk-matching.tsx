import type { SaleTaxOut } from '@app/contracts';
import { bedAndBreakfastDays } from '@app/core';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoins } from './format';

/*
 * UK exit plans: HMRC matches a sale with purchases the same day, then with purchases
 * in the 30 days after it, then with the Section 104 pool. Planned sales are dated today, so the
 * books can only show the same-day match; a purchase after the sale is still to come. These say
 * which happened and until when a purchase would still change the matching.
 */

type Line = SaleTaxOut['lots'][number];
export type UkMatch = 'same_day' | 'thirty_day' | 'pool';

/** How one part of a planned sale was matched: a lot line without a day is the pool's. */
export function ukMatchOf(line: Pick<Line, 'acquired_on'>, saleDate: string): UkMatch {
  if (line.acquired_on === null) return 'pool';
  return line.acquired_on === saleDate ? 'same_day' : 'thirty_day';
}

/** The last day of the window after `saleDate` (YYYY-MM-DD) in which a purchase is matched first. */
export function thirtyDayWindowEnd(saleDate: string): string {
  const [y = 0, m = 1, d = 1] = saleDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + bedAndBreakfastDays)).toISOString().slice(0, 10);
}

/** One lot line of a UK rung in words. */
export function ukLineText(line: Line, saleDate: string): string {
  const q = formatCoins(line.quantity);
  switch (ukMatchOf(line, saleDate)) {
    case 'same_day':
      return `${q} bought the same day (same-day rule)`;
    case 'thirty_day':
      return `${q} bought ${formatCalendarDay(line.acquired_on)}, within 30 days after the sale (30-day rule)`;
    case 'pool':
      return `${q} from the Section 104 pool at its average cost`;
  }
}

const rungList = (rungs: number[]) =>
  rungs.length === 1
    ? `Rung ${rungs[0]} is`
    : `Rungs ${rungs.slice(0, -1).join(', ')} and ${rungs[rungs.length - 1]} are`;

/** Per sale day of the plan: what the same-day rule matched, and the 30-day window still open. */
export function UkMatchingNotes({ sales }: { sales: readonly SaleTaxOut[] }) {
  const days = new Map<string, { rung: number; sale: SaleTaxOut }[]>();
  sales.forEach((sale, i) => {
    if (sale.lots.length === 0) return;
    days.set(sale.sale_date, [...(days.get(sale.sale_date) ?? []), { rung: i + 1, sale }]);
  });
  if (days.size === 0) return null;
  return (
    <ul aria-label="UK matching" className="mt-1 text-xs text-muted">
      {[...days].map(([day, rungs]) => {
        const matches = rungs.map((r) => ({
          rung: r.rung,
          kinds: new Set(r.sale.lots.map((l) => ukMatchOf(l, day))),
        }));
        const sameDay = matches.filter((m) => m.kinds.has('same_day'));
        const whollySameDay = matches.every((m) => m.kinds.size === 1 && m.kinds.has('same_day'));
        const when = formatCalendarDay(day);
        return (
          <li key={day}>
            {sameDay.length > 0 &&
              `${rungList(sameDay.map((m) => m.rung))} matched ${sameDay.every((m) => m.kinds.size === 1) ? '' : 'in part '}with coins you bought the same day, ${when} (same-day rule), at their cost rather than the pool's average. `}
            {whollySameDay
              ? `Sales on ${when} are wholly matched with that day's purchases, so buying again in the next 30 days would not change them.`
              : `Buying this coin again after the sales on ${when}, up to and including ${formatCalendarDay(thirtyDayWindowEnd(day))}, would be matched with them first (30-day rule) and change their cost and tax; the plan assumes you do not.`}
          </li>
        );
      })}
    </ul>
  );
}
