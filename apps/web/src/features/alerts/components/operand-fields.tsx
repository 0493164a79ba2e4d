import { type AlertMetric, alertMetrics, isPeriodMetric } from '@app/contracts';
import { alertMetricLabels } from '@app/core';
import { controlClass, Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** One side of `left op right` as the form edits it: a metric or a constant, as text inputs. */
export interface OperandDraft {
  kind: AlertMetric | 'value';
  period: string;
  value: string;
}

export const defaultPeriods: Record<'rsi' | 'ema' | 'sma', string> = { rsi: '14', ema: '50', sma: '200' };

/** Inside a side's fieldset a field's label, control and errors keep the fieldset's own spacing. */
const sideGap = 'gap-2';

const fieldClass = (invalid: true | undefined) => cn(controlClass(invalid), 'w-full');

interface OperandFieldsProps {
  /** "Left" or "Right": prefixes every label so each control has a unique accessible name. */
  side: 'Left' | 'Right';
  draft: OperandDraft;
  /** The currency a constant is typed in (upper case), when it is a price threshold; null otherwise. */
  valueCurrency?: string | null;
  onChange: (draft: OperandDraft) => void;
  errors: { operand?: string[]; metric?: string[]; period?: string[]; value?: string[] };
}

export function OperandFields({ side, draft, valueCurrency = null, onChange, errors }: OperandFieldsProps) {
  const metricErrors = [...(errors.operand ?? []), ...(errors.metric ?? [])];
  const needsPeriod = draft.kind !== 'value' && isPeriodMetric(draft.kind);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{side} side</legend>
      <Field label={`${side} metric`} errors={metricErrors} className={sideGap}>
        {(control) => (
          <select
            {...control}
            value={draft.kind}
            className={fieldClass(control['aria-invalid'])}
            onChange={(e) => {
              const kind = e.target.value as OperandDraft['kind'];
              const period = kind !== 'value' && isPeriodMetric(kind) ? defaultPeriods[kind] : '';
              onChange({ kind, period, value: kind === 'value' ? draft.value : '' });
            }}
          >
            {alertMetrics.map((m) => (
              <option key={m} value={m}>
                {alertMetricLabels[m]}
              </option>
            ))}
            <option value="value">Constant value</option>
          </select>
        )}
      </Field>
      {needsPeriod && (
        <Field label={`${side} period`} errors={errors.period} className={sideGap}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={draft.period}
              className={fieldClass(control['aria-invalid'])}
              onChange={(e) => onChange({ ...draft, period: e.target.value })}
            />
          )}
        </Field>
      )}
      {draft.kind === 'value' && (
        <Field
          label={
            <>
              {side} value{valueCurrency && ` in ${valueCurrency}`}
            </>
          }
          errors={errors.value}
          className={sideGap}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={draft.value}
              placeholder="e.g. 100000"
              className={fieldClass(control['aria-invalid'])}
              onChange={(e) => onChange({ ...draft, value: e.target.value })}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
