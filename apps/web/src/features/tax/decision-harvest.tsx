import type { HarvestLot, TaxDecisions } from '@app/contracts';
import { Private } from '@/components/ui/private-value';
import { formatCalendarDay } from '@/lib/calendar-day';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { formatCoinQuantity } from '@/lib/quantity';

type Money = (v: string | null) => string;

function effect(lot: HarvestLot, money: Money): string {
  if (lot.tax_effect === null) return 'not figured: your rule sells other lots first';
  if (lot.tax_effect.startsWith('-')) return `lowers this year's tax by ${money(lot.tax_effect.slice(1))}`;
  if (/^0*(\.0*)?$/.test(lot.tax_effect)) return "leaves this year's tax as it is";
  return `raises this year's tax by ${money(lot.tax_effect)}`;
}

function HarvestItem({ lot, money }: { lot: HarvestLot; money: Money }) {
  const coins = useCoinLookup();
  const bought = lot.acquired_on === null ? 'pooled' : `bought ${formatCalendarDay(lot.acquired_on)}`;
  return (
    <li className="min-w-0 rounded-lg border border-line p-3">
      <p className="font-semibold">
        {coinLabel(coins, lot.coin_id)} {bought}: <Private>{money(lot.unrealized)}</Private>
      </p>
      <p className="mt-1 text-muted">
        <Private>{formatCoinQuantity(lot.quantity)}</Private> worth <Private>{money(lot.value)}</Private>,
        cost <Private>{money(lot.cost)}</Private> · {lot.category_label} · selling it now{' '}
        <Private>{effect(lot, money)}</Private>
      </p>
    </li>
  );
}

/** Lots below their cost at the price now, with the rule's catch on harvesting them. */
export function DecisionHarvest({ data, money }: { data: TaxDecisions; money: Money }) {
  const { lots, lots_omitted: omitted, total } = data.harvest;
  const theCatch = data.harvest.catch;
  const title = `Losses you could harvest in ${data.tax_year.label}`;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="font-semibold">{title}</h3>
      {lots.length === 0 ? (
        <p className="mt-1 text-muted">No lot is below its cost at the price now.</p>
      ) : (
        <>
          <p className="mt-1 text-muted">
            {lots.length + omitted} {lots.length + omitted === 1 ? 'lot' : 'lots'} at a loss of{' '}
            <Private>{money(total)}</Private> in all.
          </p>
          <ul aria-label={title} className="mt-2 space-y-2">
            {lots.map((l) => (
              <HarvestItem
                key={`${l.portfolio_id}:${l.basis}:${l.acquisition_id ?? 'pool'}`}
                lot={l}
                money={money}
              />
            ))}
          </ul>
        </>
      )}
      {theCatch === null ? (
        <p className="mt-2 text-xs text-muted">
          Your custom rule names no catch: check your country's rules.
        </p>
      ) : (
        <p className="mt-2 rounded-lg border border-warning/60 p-3 text-sm">
          <span className="font-semibold">The catch ({data.rule_label}): </span>
          {theCatch.text}{' '}
          <span className="text-muted">
            Source: {theCatch.source}
            {theCatch.as_of === null ? '' : `, checked ${formatCalendarDay(theCatch.as_of)}`}.
          </span>
        </p>
      )}
    </section>
  );
}
