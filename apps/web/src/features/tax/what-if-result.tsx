import { costOrUnknown, unknownCostLines, type WhatIfResponse } from '@app/contracts';
import { Link } from 'react-router';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { LowestTaxChoice } from './lowest-tax-choice';
import { RateNote, rateNotSet } from './rate-note';
import { WhatIfFigures } from './what-if-figures';
import { WhatIfLots } from './what-if-lots';

// This part loads apart from the Tax page (and on the coin page without it), so it shares no module
// with the page's own: a module both use would become a small chunk of its own, which the build
// merges into the parts every page loads. The words come with the figures (basis_label, …).

type Money = (v: string | null) => string;

/**
 * The answer to "what if I sell?": the sale's figures, the tax per category at the account's
 * rates, the lots it would use (a table from lg up, one card per lot below) and what it assumes.
 */
export function WhatIfResult({ result }: { result: WhatIfResponse }) {
  const moneyIn = useMoneyIn();
  const money: Money = (v) => moneyIn(v, result.currency);
  const noRule = result.rule === 'none';
  const unrated = noRule
    ? []
    : result.categories.filter((c) => c.quantity !== '0' && rateNotSet(c.category, c.rate));
  return (
    <section aria-label="What the sale would cost" className="mt-4 space-y-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-warning">Estimate, not advice</p>
      <WhatIfFigures result={result} money={money} />
      {noRule && (
        <p className="text-sm text-muted">
          No tax estimate without a tax rule:{' '}
          <Link to="/settings#tax-rule" className="underline">
            choose your tax rule
          </Link>
        </p>
      )}
      {unrated.length > 0 && (
        <p className="text-sm text-warning">
          No rate set for {unrated.map((c) => c.label.toLowerCase()).join(' and ')} gains, so the estimate
          counts them at 0:{' '}
          <Link to="/settings#tax-rule" className="underline">
            set a rate
          </Link>
        </p>
      )}
      <LeftOutNote
        lines={unknownCostLines({ lots_without_cost: result.lots_without_cost })}
        className="text-sm"
      />
      <ul aria-label="Per category" className="grid gap-2 sm:grid-cols-2">
        {result.categories
          .filter((c) => c.quantity !== '0')
          .map((c) => (
            <li key={c.category} className="rounded-lg border border-line p-3 text-sm">
              <div className="text-xs text-muted">{c.label}</div>
              <div className="font-semibold tabular-nums">
                {formatCoinQuantity(c.quantity)} sold · gain {costOrUnknown(c.gain, money)}
              </div>
              {!noRule && (
                <div className="text-xs text-muted">
                  estimated tax {costOrUnknown(c.estimated_tax, money)}{' '}
                  <RateNote category={c.category} rate={c.rate} />
                </div>
              )}
            </li>
          ))}
      </ul>
      {result.year !== null && (
        <p className="text-sm text-muted">
          Estimated tax for {result.year.tax_year}, all your portfolios:{' '}
          {money(result.year.estimated_tax_before)} without this sale,{' '}
          {costOrUnknown(result.year.estimated_tax_after, money)} with it
        </p>
      )}
      {result.uk !== null && (
        <p className="text-sm text-muted">
          Tax year {result.uk.tax_year} · annual exempt amount{' '}
          {result.uk.exempt_amount === null ? 'none applied' : money(result.uk.exempt_amount)} · used by gains
          already realized {money(result.uk.exempt_used_by_realized)} · used by this sale{' '}
          {costOrUnknown(result.uk.exempt_used, money)}
        </p>
      )}
      {result.lowest_tax_choice !== null && (
        <LowestTaxChoice result={result} choice={result.lowest_tax_choice} money={money} />
      )}
      <p className="text-sm text-muted">
        Rule: {result.rule_label} · Method: {result.lots_chosen ? 'the lots named' : result.method_label}
        {result.all_qualify_on !== null &&
          ` · every lot sold is ${result.qualifying_label ?? 'qualifying'} from ${formatCalendarDay(result.all_qualify_on)}`}
      </p>
      <WhatIfLots result={result} money={money} />
      {result.notes.length > 0 && (
        <ul aria-label="What the estimate assumes" className="list-disc space-y-1 pl-5 text-sm text-muted">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <p role="note" className="rounded-lg border border-line bg-surface-2 p-3 text-sm">
        {result.disclaimer}
      </p>
    </section>
  );
}
