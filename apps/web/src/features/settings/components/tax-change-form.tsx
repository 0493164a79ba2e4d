import {
  type AddTaxChange,
  type CostBasisMethod,
  costBasisMethodLabels,
  costBasisMethods,
  type FieldErrors,
  type TaxHistory,
  type TaxHistoryEntry,
  type TaxRule,
  taxRuleFacts,
  taxRules,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import type { useTaxHistoryChange } from '@/lib/tax/tax-api';
import { fieldErrorsOf } from './field-errors';
import { sameCalendar } from './tax-history-words';

type AddChange = ReturnType<typeof useTaxHistoryChange>['add'];

const control = 'w-full rounded-md border border-line bg-transparent px-2 py-1.5 text-sm';

/**
 * Adds a change of method or rule from a tax year on; the latest entry's choices are offered
 * first. A change to a year already past rewrites its reports, so it asks before it is sent.
 */
export function TaxChangeForm({
  history,
  latest,
  add,
}: {
  history: TaxHistory;
  latest: TaxHistoryEntry;
  add: AddChange;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<AddTaxChange | null>(null);
  const [year, setYear] = useState('');
  const [method, setMethod] = useState<CostBasisMethod | ''>('');
  const [rule, setRule] = useState<TaxRule | ''>('');

  const years: number[] = [];
  for (let y = history.latest_year; y >= history.earliest_year; y--) years.push(y);
  const chosenYear = year === '' ? (years.find((y) => y === history.current_year) ?? years[0]) : Number(year);

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
    if (chosenYear === undefined) return;
    const body: AddTaxChange = {
      from_year: chosenYear,
      ...(method === '' ? {} : { method }),
      ...(rule === '' ? {} : { rule }),
    };
    if (chosenYear < history.current_year) setPending({ ...body, confirm_past_years: true });
    else send(body);
  };

  return (
    <>
      {years.length > 0 && (
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
      {pending && (
        <ConfirmDialog
          title={`Change the reports from ${pending.from_year} on?`}
          description={`The tax reports of ${pending.from_year} to ${history.current_year} are figured again with the new method or rule, and their totals and estimates change. Earlier years stay as they are.`}
          confirmLabel="Change past years"
          onConfirm={() => send(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
