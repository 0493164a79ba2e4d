import type { TaxDecisions, WaitDecision } from '@app/contracts';
import { Private } from '@/components/ui/private-value';
import { formatCalendarDay } from '@/lib/calendar-day';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { formatCoinQuantity } from '@/lib/quantity';

type Money = (v: string | null) => string;

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const positive = (v: string | null) => v !== null && !v.startsWith('-') && !/^0*(\.0*)?$/.test(v);

/** "Wait 12 days: saves $5,100.00 at your rate", or what waiting does when it saves nothing. */
export function waitHeadline(w: WaitDecision, money: Money, label: string): string {
  if (w.saving === null) return `Turns ${label} in ${days(w.days_to_wait)}: its tax cannot be figured`;
  if (positive(w.saving)) return `Wait ${days(w.days_to_wait)}: saves ${money(w.saving)} at your rate`;
  if (w.saving.startsWith('-'))
    return `Wait ${days(w.days_to_wait)}: costs ${money(w.saving.slice(1))} more at your rate`;
  return `Wait ${days(w.days_to_wait)}: saves nothing at your rate`;
}

function WaitItem({ w, money, label }: { w: WaitDecision; money: Money; label: string }) {
  const coins = useCoinLookup();
  return (
    <li className="min-w-0 rounded-lg border border-line p-3">
      <p className="font-semibold">
        <Private>{waitHeadline(w, money, label)}</Private>
      </p>
      <p className="mt-1 text-muted">
        {coinLabel(coins, w.coin_id)} bought {formatCalendarDay(w.acquired_on)}:{' '}
        <Private>{formatCoinQuantity(w.quantity)}</Private>, {label} from {formatCalendarDay(w.qualifies_on)}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-xs text-muted">Tax selling now</dt>
          <dd className="tabular-nums">
            <Private>{money(w.tax_now)}</Private>
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-xs text-muted">Tax selling on {formatCalendarDay(w.qualifies_on)}</dt>
          <dd className="tabular-nums">
            <Private>{money(w.tax_after)}</Private>
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-xs text-muted">Sale compared</dt>
          <dd className="tabular-nums">
            <Private>{formatCoinQuantity(w.sale_quantity)}</Private>{' '}
            {w.lot_named ? '(this lot alone)' : '(with the lots sold before it)'}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** Lots whose holding period ends within the window, the largest saving first. */
export function DecisionWaits({ data, money }: { data: TaxDecisions; money: Money }) {
  const label = data.qualifying_label;
  const title =
    label === null ? 'Lots worth waiting for' : `Turning ${label} within ${data.window_days} days`;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="font-semibold">{title}</h3>
      {label === null ? (
        <p className="mt-1 text-muted">
          Your tax rule has no holding period: no lot is taxed differently for waiting.
        </p>
      ) : data.waits.length === 0 ? (
        <p className="mt-1 text-muted">
          No lot turns {label} within {data.window_days} days.
        </p>
      ) : (
        <ul aria-label={title} className="mt-2 space-y-2">
          {data.waits.map((w) => (
            <WaitItem key={`${w.portfolio_id}:${w.acquisition_id}`} w={w} money={money} label={label} />
          ))}
        </ul>
      )}
      {data.waits_omitted > 0 && (
        <p className="mt-1 text-xs text-muted">{data.waits_omitted} more lots are left out of this list.</p>
      )}
    </section>
  );
}
