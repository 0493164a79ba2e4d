import {
  type AddTaxChange,
  type CostBasisMethod,
  costBasisMethodLabels,
  costBasisMethods,
  effectiveMethodLabel,
  type FieldErrors,
  type TaxHistoryEntry,
  type TaxRule,
  taxRuleFacts,
  taxRules,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { taxHistoryQuery, useTaxHistoryChange } from '@/lib/tax/tax-api';
import { fieldErrorsOf } from './field-errors';

const control = 'w-full rounded-md border border-line bg-transparent px-2 py-1.5 text-sm';

/** Rules that share a tax calendar with `rule`: only those can follow one another. */
function sameCalendar(a: TaxRule, b: TaxRule): boolean {
  const calendar = (r: TaxRule) => (r === 'uk' || r === 'de' ? r : 'calendar-year');
  return calendar(a) === calendar(b);
}

function entryWords(e: TaxHistoryEntry): string {
  const rule = taxRuleFacts[e.rule].label;
  const fixed = e.effective_method !== e.method;
  const method = fixed
    ? `${costBasisMethodLabels[e.method]} (the rule matches by ${effectiveMethodLabel(e.effective_method)})`
    : costBasisMethodLabels[e.method];
  return `${method} · ${rule}`;
}

function ratesWords(e: TaxHistoryEntry): string | null {
  if (e.rule === 'none') return null;
  if (e.rule === 'us' || e.rule === 'custom') return `${e.short_rate}% short-term, ${e.long_rate}% long-term`;
  return `${e.short_rate}%`;
}

/**
 * The cost-basis method and the tax rule by tax year (GET/POST /api/v2/tax/history/): the
 * current settings above are the latest entry; an earlier year's change rewrites those years'
 * reports, so it asks first.
 */
export function TaxHistorySection() {
  const { data } = useQuery(taxHistoryQuery());
  const { add, remove } = useTaxHistoryChange();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<AddTaxChange | null>(null);
  const [removing, setRemoving] = useState(false);
  const latest = data?.entries.at(-1);
  const [year, setYear] = useState('');
  const [method, setMethod] = useState<CostBasisMethod | ''>('');
  const [rule, setRule] = useState<TaxRule | ''>('');

  const years: number[] = [];
  if (data) for (let y = data.latest_year; y >= data.earliest_year; y--) years.push(y);
  const chosenYear = year === '' ? (years.find((y) => y === data?.current_year) ?? years[0]) : Number(year);

  const send = (body: AddTaxChange) => {
    setErrors({});
    add.mutate(body, {
      onSuccess: () => {
        setMethod('');
        setRule('');
        setYear('');
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!data || !latest || chosenYear === undefined) return;
    const body: AddTaxChange = {
      from_year: chosenYear,
      ...(method === '' ? {} : { method }),
      ...(rule === '' ? {} : { rule }),
    };
    if (chosenYear < data.current_year) setPending({ ...body, confirm_past_years: true });
    else send(body);
  };

  const previous = data && data.entries.length > 1 ? data.entries.at(-2) : undefined;
  return (
    <section
      aria-labelledby="tax-history-heading"
      className="mt-6 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="tax-history-heading" className="font-semibold">
        Method and rule by tax year
      </h2>
      <p className="mt-1 text-sm text-muted">
        From a tax year on, the tax reports can use another cost-basis method or tax rule; earlier years keep
        theirs, and the lots they left carry over. The settings above are the latest entry. Portfolio and
        dashboard figures (cost basis, average cost, realized P&L) always use the current method.
      </p>
      <ol
        className="mt-3 divide-y divide-line rounded-lg border border-line"
        aria-label="Tax settings by year"
      >
        {data?.entries.map((e) => (
          <li
            key={e.from_year ?? 'first'}
            className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4"
          >
            <span className="text-sm font-medium sm:w-44">
              {e.from_label === null ? 'From the first transaction' : `From ${e.from_label}`}
            </span>
            <span className="flex-1 text-sm">
              {entryWords(e)}
              {ratesWords(e) && <span className="block text-xs text-muted">{ratesWords(e)}</span>}
            </span>
            {e === latest && previous && (
              <Button variant="secondary" onClick={() => setRemoving(true)} disabled={remove.isPending}>
                Remove this change
              </Button>
            )}
          </li>
        ))}
      </ol>
      {remove.error instanceof Error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {remove.error.message}
        </p>
      )}
      {data && latest && years.length > 0 && (
        <form
          onSubmit={submit}
          aria-label="Add a change"
          className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end"
        >
          <Field label="From tax year" errors={errors.from_year}>
            {(p) => (
              <select
                {...p}
                className={control}
                value={String(chosenYear)}
                onChange={(e) => setYear(e.target.value)}
              >
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Cost-basis method" errors={errors.method}>
            {(p) => (
              <select
                {...p}
                className={control}
                value={method === '' ? latest.method : method}
                onChange={(e) => setMethod(e.target.value as CostBasisMethod)}
              >
                {costBasisMethods.map((m) => (
                  <option key={m} value={m}>
                    {costBasisMethodLabels[m]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Tax rule" errors={errors.rule}>
            {(p) => (
              <select
                {...p}
                className={control}
                value={rule === '' ? latest.rule : rule}
                onChange={(e) => setRule(e.target.value as TaxRule)}
              >
                {taxRules
                  .filter((r) => sameCalendar(r, latest.rule))
                  .map((r) => (
                    <option key={r} value={r}>
                      {taxRuleFacts[r].label}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <Button variant="primary" type="submit" disabled={add.isPending}>
            Add change
          </Button>
          {(errors.confirm_past_years ?? []).map((m) => (
            <p key={m} role="alert" className="text-sm text-danger sm:col-span-4">
              {m}
            </p>
          ))}
        </form>
      )}
      <p className="mt-2 text-xs text-muted">
        The rates of a new entry are the current ones; change them above once it applies. A change between the
        UK or German rule and another is made for every year, in Tax rule above.
      </p>
      {pending && (
        <ConfirmDialog
          title={`Change the reports from ${pending.from_year} on?`}
          description={`The tax reports of ${pending.from_year} to ${data?.current_year ?? pending.from_year} are figured again with the new method or rule, and their totals and estimates change. Earlier years stay as they are.`}
          confirmLabel="Change past years"
          onConfirm={() => send(pending)}
          onCancel={() => setPending(null)}
        />
      )}
      {removing && latest && previous && (
        <ConfirmDialog
          title={`Remove the change from ${latest.from_label ?? ''}?`}
          description={`From ${latest.from_label ?? ''} on, the reports use ${entryWords(previous)} again, and that becomes the current setting.`}
          confirmLabel="Remove change"
          destructive
          onConfirm={() => remove.mutate()}
          onCancel={() => setRemoving(false)}
        />
      )}
    </section>
  );
}
