import type { TaxCategory } from '@app/contracts';
import { Link } from 'react-router';

const zero = /^[-+]?0*(\.0*)?$/;

/** A taxable category at 0 %: the rate was never set (tax-free lots are 0 by law and say so themselves). */
export function rateNotSet(category: TaxCategory, rate: string): boolean {
  return category !== 'tax_free' && zero.test(rate.trim());
}

/**
 * "at 25%", or, when no rate is set, says so with the way to set one: "€0.00 at 0%" read as
 * "nothing to pay" when nothing had been asked.
 */
export function RateNote({
  category,
  rate,
  prefix = 'at',
}: {
  category: TaxCategory;
  rate: string;
  prefix?: string;
}) {
  if (!rateNotSet(category, rate)) return <>{`${prefix} ${rate}%`}</>;
  return (
    <>
      no rate set (
      <Link to="/settings#tax-rule" className="underline">
        set a rate
      </Link>
      )
    </>
  );
}
