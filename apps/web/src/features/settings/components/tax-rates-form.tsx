import type { TaxRule, TaxSettings } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, type FieldProps } from '@/components/ui/field';
import type { useUpdateTaxSettings } from '@/lib/tax/tax-api';
import { useOnChange } from '@/lib/use-on-change';

const rateInput = (width: 'w-28' | 'w-32' = 'w-28') =>
  `${width} rounded-md border border-line bg-transparent px-2 py-1`;

/** A rate's field, its label muted: the rates read as details of the rule chosen above them. */
function RateField({ label, children }: { label: string; children: FieldProps['children'] }) {
  return (
    <Field label={<span className="font-normal text-muted">{label}</span>} className="text-sm">
      {children}
    </Field>
  );
}

/**
 * The rates of the rule shown (and, for a custom rule, its holding period and allowance), saved
 * together. The save's error shows here, a rule choice's too: both go through the same save.
 */
export function TaxRatesForm({
  settings,
  rule,
  update,
}: {
  settings: TaxSettings | undefined;
  /** The rule shown above, the one just chosen while its save is on its way. */
  rule: TaxRule;
  update: ReturnType<typeof useUpdateTaxSettings>;
}) {
  const [days, setDays] = useState('365');
  const [shortRate, setShortRate] = useState('0');
  const [longRate, setLongRate] = useState('0');
  const [allowance, setAllowance] = useState('');
  // Copied when the stored rates change, not whenever the settings do: the answer to a rule choice
  // carries the old rates and would overwrite rates typed while it was on its way.
  const storedRates =
    settings &&
    ([
      settings.custom_threshold_days,
      settings.short_rate,
      settings.long_rate,
      settings.yearly_allowance ?? '',
    ] as const);
  useOnChange(storedRates?.join(' '), () => {
    if (!storedRates) return;
    setDays(String(storedRates[0]));
    setShortRate(storedRates[1]);
    setLongRate(storedRates[2]);
    setAllowance(storedRates[3]);
  });
  const error = update.error instanceof Error ? update.error.message : null;

  const saveRates = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      short_rate: shortRate.trim(),
      long_rate: longRate.trim(),
      // An empty allowance is none; anything else goes as typed, for the server to check.
      ...(rule === 'custom'
        ? {
            custom_threshold_days: Number.parseInt(days, 10),
            yearly_allowance: allowance.trim() === '' ? null : allowance.trim(),
          }
        : {}),
    });
  };

  return (
    <form onSubmit={saveRates} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Tax rates">
      {rule === 'custom' && (
        <RateField label="Long-term after (days)">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              className={rateInput()}
            />
          )}
        </RateField>
      )}
      <RateField
        label={
          rule === 'de'
            ? 'Rate on taxable gains (%)'
            : rule === 'us' || rule === 'custom'
              ? 'Short-term rate (%)'
              : 'Rate on gains (%)'
        }
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={shortRate}
            onChange={(e) => setShortRate(e.target.value)}
            className={rateInput()}
          />
        )}
      </RateField>
      {(rule === 'us' || rule === 'custom') && (
        <RateField label="Long-term rate (%)">
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={longRate}
              onChange={(e) => setLongRate(e.target.value)}
              className={rateInput()}
            />
          )}
        </RateField>
      )}
      {rule === 'custom' && (
        <RateField label="Yearly allowance (optional)">
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={allowance}
              onChange={(e) => setAllowance(e.target.value)}
              className={rateInput('w-32')}
            />
          )}
        </RateField>
      )}
      <Button
        type="submit"
        variant="unstyled"
        disabled={!settings}
        className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
      >
        Save rates
      </Button>
      <p className="w-full text-xs text-muted">
        Rates are for estimates only. The report applies your rule's allowance and carries losses forward.
      </p>
      {error && (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
