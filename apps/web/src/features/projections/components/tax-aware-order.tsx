import type { ProjectionTaxResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { formatCalendarDay } from '@/lib/calendar-day';
import { money } from './format';

/** The plan's rungs in the order that costs the least tax, behind a toggle the panel holds. */
export function TaxAwareOrder({
  aware,
  rungOf,
  currency,
  open,
  onToggle,
}: {
  aware: NonNullable<ProjectionTaxResponse['tax_aware']>;
  /** Each planned sale's rung number, by sale id. */
  rungOf: ReadonlyMap<string, number>;
  currency: string;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="mt-3">
      <Button
        variant="unstyled"
        className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
        aria-expanded={open}
        onClick={onToggle}
      >
        Tax-aware order
      </Button>
      {open && (
        <div className="mt-2 rounded-lg border border-line p-3" aria-live="polite">
          <p>
            Tax {money(aware.tax_before, currency)} → {money(aware.tax_after, currency)}: saving{' '}
            <strong>{money(aware.saving, currency)}</strong>.
          </p>
          <ol className="mt-1 list-decimal pl-5 text-xs">
            {aware.order.map((o) => (
              <li key={o.id}>
                Rung {rungOf.get(o.id)} on {formatCalendarDay(o.sale_date)}
                {o.delayed ? ' (waits until its lots qualify)' : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
