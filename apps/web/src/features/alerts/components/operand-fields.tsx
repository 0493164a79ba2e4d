import { type AlertMetric, alertMetrics, isPeriodMetric } from '@app/contracts';
import { alertMetricLabels } from '@app/core';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/** One side of `left op right` as the form edits it: a metric or a constant, as text inputs. */
export interface OperandDraft {
  kind: AlertMetric | 'value';
  period: string;
  value: string;
}

export const defaultPeriods: Record<'rsi' | 'ema' | 'sma', string> = { rsi: '14', ema: '50', sma: '200' };

const fieldClass = (invalid: boolean) =>
  cn(
    'w-full rounded-lg border bg-bg px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent',
    invalid ? 'border-danger' : 'border-line',
  );

function Errors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul id={id} className="text-xs text-danger">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

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
  const id = useId();
  const metricErrors = [...(errors.operand ?? []), ...(errors.metric ?? [])];
  const needsPeriod = draft.kind !== 'value' && isPeriodMetric(draft.kind);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{side} side</legend>
      <label htmlFor={`${id}-kind`} className="text-sm font-medium">
        {side} metric
      </label>
      <select
        id={`${id}-kind`}
        value={draft.kind}
        aria-invalid={metricErrors.length > 0 || undefined}
        aria-describedby={metricErrors.length > 0 ? `${id}-kind-errors` : undefined}
        className={fieldClass(metricErrors.length > 0)}
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
      <Errors id={`${id}-kind-errors`} messages={metricErrors} />
      {needsPeriod && (
        <>
          <label htmlFor={`${id}-period`} className="text-sm font-medium">
            {side} period
          </label>
          <input
            id={`${id}-period`}
            inputMode="numeric"
            value={draft.period}
            aria-invalid={(errors.period?.length ?? 0) > 0 || undefined}
            aria-describedby={errors.period ? `${id}-period-errors` : undefined}
            className={fieldClass((errors.period?.length ?? 0) > 0)}
            onChange={(e) => onChange({ ...draft, period: e.target.value })}
          />
          <Errors id={`${id}-period-errors`} messages={errors.period} />
        </>
      )}
      {draft.kind === 'value' && (
        <>
          <label htmlFor={`${id}-value`} className="text-sm font-medium">
            {side} value{valueCurrency && ` in ${valueCurrency}`}
          </label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            value={draft.value}
            placeholder="e.g. 100000"
            aria-invalid={(errors.value?.length ?? 0) > 0 || undefined}
            aria-describedby={errors.value ? `${id}-value-errors` : undefined}
            className={fieldClass((errors.value?.length ?? 0) > 0)}
            onChange={(e) => onChange({ ...draft, value: e.target.value })}
          />
          <Errors id={`${id}-value-errors`} messages={errors.value} />
        </>
      )}
    </fieldset>
  );
}
