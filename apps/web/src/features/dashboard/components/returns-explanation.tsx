import type { ReturnsResponse } from '@app/contracts';
import { formatCalendarDay } from '@/lib/calendar-day';
import { Pct } from './return-figures';

/** The period being explained: its figures in a sentence, and the cash flows behind them. */
export function ReturnsExplanation({
  explain,
  periods,
  money,
}: {
  explain: NonNullable<ReturnsResponse['explain']>;
  periods: ReturnsResponse['periods'];
  money: (value: string) => string;
}) {
  return (
    <section
      aria-label={`Cash flows behind ${explain.period}`}
      className="mt-3 rounded-lg border border-line p-3"
    >
      {(() => {
        const p = periods.find((x) => x.period === explain.period);
        return p ? (
          <p className="text-xs text-muted">
            {formatCalendarDay(p.start_date)} to {formatCalendarDay(p.end_date)}: start value{' '}
            {money(p.start_value)}, put in {money(p.inflows)}, taken out {money(p.outflows)}, end value{' '}
            {money(p.end_value)}, gain {money(p.gain)}. MWR as a yearly rate: <Pct value={p.mwr_annualized} />
            {p.twr_annualized !== null && (
              <>
                ; TWR a year: <Pct value={p.twr_annualized} />
              </>
            )}
            .
          </p>
        ) : null;
      })()}
      <ul className="mt-2 max-h-48 overflow-y-auto">
        {explain.cash_flows.map((c, i) => (
          <li
            key={`${c.date}-${c.kind}-${c.transaction_ids.join(',')}-${i.toString()}`}
            className="flex justify-between gap-2 border-t border-line py-0.5"
          >
            <span>
              {formatCalendarDay(c.date)} · {c.kind.replace('_', ' ')}
            </span>
            <span>{money(c.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
