import { type TaxRule, taxRuleFacts, taxRules } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { taxSettingsQuery, useUpdateTaxSettings } from '@/lib/tax/tax-api';
import { useOnChange } from '@/lib/use-on-change';
import { LotsPerPortfolioOption } from './lots-per-portfolio-option';

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
  const [days, setDays] = useState('365');
  const [shortRate, setShortRate] = useState('0');
  const [longRate, setLongRate] = useState('0');
  const [allowance, setAllowance] = useState('');
  // Copied when the stored rates change, not whenever the settings do: the answer to a rule choice
  // carries the old rates and would overwrite rates typed while it was on its way.
  const storedRates =
    data &&
    ([data.custom_threshold_days, data.short_rate, data.long_rate, data.yearly_allowance ?? ''] as const);
  useOnChange(storedRates?.join(' '), () => {
    if (!storedRates) return;
    setDays(String(storedRates[0]));
    setShortRate(storedRates[1]);
    setLongRate(storedRates[2]);
    setAllowance(storedRates[3]);
  });
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
  const error = update.error instanceof Error ? update.error.message : null;

  const saveRates = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      short_rate: shortRate.trim(),
      long_rate: longRate.trim(),
      // An empty allowance is none; anything else goes as typed, for the server to check.
      ...(current === 'custom'
        ? {
            custom_threshold_days: Number.parseInt(days, 10),
            yearly_allowance: allowance.trim() === '' ? null : allowance.trim(),
          }
        : {}),
    });
  };

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
      <form onSubmit={saveRates} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Tax rates">
        {current === 'custom' && (
          <label className="text-sm">
            <span className="block text-muted">Long-term after (days)</span>
            <input
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              className="mt-1 w-28 rounded-md border border-line bg-transparent px-2 py-1"
            />
          </label>
        )}
        <label className="text-sm">
          <span className="block text-muted">
            {current === 'de'
              ? 'Rate on taxable gains (%)'
              : current === 'us' || current === 'custom'
                ? 'Short-term rate (%)'
                : 'Rate on gains (%)'}
          </span>
          <input
            inputMode="decimal"
            value={shortRate}
            onChange={(e) => setShortRate(e.target.value)}
            className="mt-1 w-28 rounded-md border border-line bg-transparent px-2 py-1"
          />
        </label>
        {(current === 'us' || current === 'custom') && (
          <label className="text-sm">
            <span className="block text-muted">Long-term rate (%)</span>
            <input
              inputMode="decimal"
              value={longRate}
              onChange={(e) => setLongRate(e.target.value)}
              className="mt-1 w-28 rounded-md border border-line bg-transparent px-2 py-1"
            />
          </label>
        )}
        {current === 'custom' && (
          <label className="text-sm">
            <span className="block text-muted">Yearly allowance (optional)</span>
            <input
              inputMode="decimal"
              value={allowance}
              onChange={(e) => setAllowance(e.target.value)}
              className="mt-1 w-32 rounded-md border border-line bg-transparent px-2 py-1"
            />
          </label>
        )}
        <button
          type="submit"
          disabled={!data}
          className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
        >
          Save rates
        </button>
        <p className="w-full text-xs text-muted">
          Rates are for estimates only. The report applies your rule's allowance and carries losses forward.
        </p>
        {error && (
          <p role="alert" className="w-full text-sm text-danger">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
