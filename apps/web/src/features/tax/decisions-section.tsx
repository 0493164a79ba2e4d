import { taxDecisionWords } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCalendarDay } from '@/lib/calendar-day';
import { useMoneyIn } from '@/lib/settings';
import { DecisionAllowance } from './decision-allowance';
import { DecisionHarvest } from './decision-harvest';
import { DecisionWaits } from './decision-waits';
import { decisionsQuery } from './decisions-api';

const title = taxDecisionWords.title;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-label={title} className="mt-6 min-w-0 rounded-xl border border-line bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        <span className="rounded-full border border-warning/60 px-2 py-0.5 text-xs text-warning">
          Estimate, not advice
        </span>
      </div>
      {children}
    </section>
  );
}

/**
 * "Decisions this year" on the Tax page: lots worth waiting for (the tax of selling now against
 * selling once they qualify), losses that could be harvested with the rule's catch, and the
 * allowance used and left. Every figure is the server's estimate under the rule it names.
 */
export function DecisionsSection({ portfolioId }: { portfolioId: string }) {
  const { data, error, isPending } = useQuery(decisionsQuery(portfolioId));
  const moneyIn = useMoneyIn();
  if (isPending)
    return (
      <Frame>
        <p role="status" className="mt-2 text-muted">
          Loading this year's decisions…
        </p>
      </Frame>
    );
  if (error || !data)
    return (
      <Frame>
        <p role="alert" className="mt-2">
          Could not load this year's decisions. Please try again.
        </p>
      </Frame>
    );
  if (data.needs_rule)
    return (
      <Frame>
        <p className="mt-2 text-muted">{taxDecisionWords.needsRule}</p>
        <Link to="/settings#tax-rule" className="mt-2 inline-block underline">
          Choose a tax rule
        </Link>
      </Frame>
    );
  const money = (v: string | null) => moneyIn(v, data.currency);
  return (
    <Frame>
      <p className="mt-1 text-xs text-muted">
        Tax year {data.tax_year.label} · {data.rule_label} rule · matched by {data.method_label} · at the
        price now, as of {formatCalendarDay(data.as_of)}
      </p>
      <div className="mt-3 grid gap-4">
        <DecisionWaits data={data} money={money} />
        <DecisionHarvest data={data} money={money} />
        <DecisionAllowance data={data} money={money} />
      </div>
      <details className="mt-3 text-xs text-muted">
        <summary className="cursor-pointer">How these are figured</summary>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </details>
      <p className="mt-2 text-xs text-muted">{data.disclaimer}</p>
    </Frame>
  );
}
