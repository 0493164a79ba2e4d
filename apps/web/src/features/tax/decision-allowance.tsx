import type { TaxDecisions } from '@app/contracts';
import { Private } from '@/components/ui/private-value';

type Money = (v: string | null) => string;
type Year = NonNullable<TaxDecisions['year']>;

const names: Record<Year['allowance']['kind'], string> = {
  annual_exempt_amount: 'Annual exempt amount',
  exemption_limit: 'Exemption limit (Freigrenze)',
  loss_deduction_limit: 'Loss deduction against other income',
  custom_allowance: 'Your allowance',
  none: 'Allowance',
};

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-line p-3">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="break-words text-lg font-semibold tabular-nums">
        <Private>{value}</Private>
      </dd>
    </div>
  );
}

/** The allowance used and left this tax year, across all portfolios, with where it comes from. */
export function DecisionAllowance({ data, money }: { data: TaxDecisions; money: Money }) {
  const year = data.year;
  const title = `Allowance in ${data.tax_year.label}`;
  if (year === null) return null;
  const a = year.allowance;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="font-semibold">{title}</h3>
      {a.amount === null ? (
        <p className="mt-1 text-muted">No allowance figure applies this year ({a.source}).</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure term={names[a.kind]} value={money(a.amount)} />
            <Figure term="Used" value={money(a.used)} />
            <Figure term="Left" value={a.left === null ? 'not used up' : money(a.left)} />
            <Figure term="Estimated tax so far" value={money(year.estimated_tax)} />
          </dl>
          <p className="mt-1 text-xs text-muted">Source: {a.source}. Figured across all your portfolios.</p>
        </>
      )}
    </section>
  );
}
