import { type TaxRule, taxRuleFacts, taxRules } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { taxSettingsQuery, useUpdateTaxSettings } from '@/lib/tax/tax-api';
import { LotsPerPortfolioOption } from './lots-per-portfolio-option';
import { TaxRatesForm } from './tax-rates-form';

function matchingNote(rule: TaxRule): string {
  const fixed = taxRuleFacts[rule].fixed_method;
  if (fixed === 'fifo') return 'Lot matching fixed by law: FIFO.';
  if (fixed === 'uk_pooling') return 'Lot matching fixed by law: same day, 30 days, Section 104 pool.';
  return 'Lot matching follows your cost-basis method above.';
}

/** The tax rule of the account, which decides lot matching where the law fixes it. */
export function TaxRuleSection() {
  const { data } = useQuery(taxSettingsQuery());
  const update = useUpdateTaxSettings();
  // The choice shows in the same render as the click (the mutation's state reaches React only on a
  // later task) and stays until its own save settles: a later choice, saved after it, keeps showing.
  const [chosen, setChosen] = useState<TaxRule | null>(null);
  const choose = (rule: TaxRule) => {
    setChosen(rule);
    update.mutate({ rule }, { onSettled: () => setChosen((c) => (c === rule ? null : c)) });
  };
  const current = chosen ?? data?.rule ?? 'none';
  // Oracle's tax-timing card links here (/settings#tax-rule); a client-side navigation does not
  // scroll to a hash, and on a phone this section is several screens down the page.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#tax-rule') section.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section
      ref={section}
      id="tax-rule"
      aria-labelledby="tax-rule-heading"
      className="mt-6 scroll-mt-20 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="tax-rule-heading" className="font-semibold">
        Tax rule
      </h2>
      <p className="mt-1 text-sm text-muted">
        Decides holding periods, how sales are matched with your lots, and the realized-gains report.
      </p>
      <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Tax rule</legend>
        {taxRules.map((rule) => (
          <label
            key={rule}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3 has-[:checked]:border-accent"
          >
            <input
              type="radio"
              name="tax-rule"
              value={rule}
              // Named by the rule alone (the summary is its description), so "FIFO" in a summary
              // never makes a tax rule look like a cost-basis method to assistive tech.
              aria-label={taxRuleFacts[rule].label}
              aria-describedby={`tax-rule-${rule}-summary`}
              checked={current === rule}
              disabled={!data}
              onChange={() => choose(rule)}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium">{taxRuleFacts[rule].label}</span>
              <span id={`tax-rule-${rule}-summary`}>
                <span className="block text-xs text-muted">{taxRuleFacts[rule].summary}</span>
                <span className="mt-1 block text-xs font-medium">{matchingNote(rule)}</span>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {current === 'us' && <LotsPerPortfolioOption settings={data} />}
      <TaxRatesForm settings={data} rule={current} update={update} />
    </section>
  );
}
