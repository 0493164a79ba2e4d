import { type Alert, type AlertOperator, alertOperators, type BaseCurrency } from '@app/contracts';
import { alertOperatorLabels } from '@app/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api/api-error';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { useCoinName } from '@/lib/coin-names';
import { coinDetailsQuery } from '@/lib/market/market-api';
import { notifyError } from '@/lib/notify';
import { useBaseCurrency } from '@/lib/settings';
import { useSaveAlert } from '../api/use-alerts';
import {
  type AlertDraft,
  bodyFromDraft,
  draftFromAlert,
  draftHasPriceThreshold,
  newAlertDraft,
  validateDraft,
} from './alert-draft';
import { ChannelChoice } from './channel-choice';
import { OperandFields } from './operand-fields';

interface AlertDialogProps {
  coinId: string;
  /** A new alert starts as `price >= this` (Oracle's "alert at this price" actions). */
  prefillPrice?: string | undefined;
  /** The currency of `prefillPrice`; absent: the user's base currency. */
  prefillCurrency?: BaseCurrency | undefined;
  coinName?: string;
  /** Editing an existing alert; a new one otherwise. */
  alert?: Alert;
  onClose: () => void;
}

const pick = (fields: Record<string, string[]>, side: 'left' | 'right') => ({
  ...(fields[side] ? { operand: fields[side] } : {}),
  ...(fields[`${side}.metric`] || fields[`${side}.type`]
    ? { metric: [...(fields[`${side}.metric`] ?? []), ...(fields[`${side}.type`] ?? [])] }
    : {}),
  ...(fields[`${side}.params.period`] || fields[`${side}.params`]
    ? { period: [...(fields[`${side}.params.period`] ?? []), ...(fields[`${side}.params`] ?? [])] }
    : {}),
  ...(fields[`${side}.value`] ? { value: fields[`${side}.value`] } : {}),
});

/** Create or edit an alert as `left op right`. */
export function AlertDialog({
  coinId,
  coinName,
  alert,
  prefillPrice,
  prefillCurrency,
  onClose,
}: AlertDialogProps) {
  const [draft, setDraft] = useState<AlertDraft>(() =>
    alert ? draftFromAlert(alert) : { ...newAlertDraft(prefillPrice), currency: prefillCurrency ?? null },
  );
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const save = useSaveAlert();
  const nameOf = useCoinName();
  const base = useBaseCurrency();
  // The coin page and the terminal have this coin's details already: its name shows at once.
  const shown = useQueryClient().getQueryData(coinDetailsQuery(coinId, base).queryKey)?.name;
  // A price threshold is typed in the base currency; an edited alert keeps its own.
  const currency = draft.currency ?? base;
  const threshold = draftHasPriceThreshold(draft);
  const valueCurrency = threshold ? currency.toUpperCase() : null;
  const priceNote =
    currency === base
      ? `A price is compared in ${currency.toUpperCase()}; indicators use daily closes plus the live price, in US dollars.`
      : `A price is compared in ${currency.toUpperCase()}, this alert's own currency (yours is now ${base.toUpperCase()}); indicators use daily closes plus the live price, in US dollars.`;

  const update = (next: AlertDraft) => {
    setDraft(next);
    // As in every form: a field's error clears when it is edited.
    setFields({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = validateDraft(coinId, draft, base);
    if (Object.keys(local).length > 0) {
      setFields(local);
      return;
    }
    save.mutate(
      { id: alert?.id ?? null, body: bodyFromDraft(coinId, draft, base) },
      {
        onSuccess: onClose,
        // Offline: kept on this device and sent later; the dialog closes as after a save.
        onError: queuedOr(onClose, (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setFields(error.fieldErrors);
          else notifyError(error);
        }),
      },
    );
  };

  const known = new Set(['left', 'right', 'op']);
  const general = Object.entries(fields)
    .filter(([key]) => !known.has(key.split('.')[0] ?? ''))
    .flatMap(([, messages]) => messages);

  return (
    <Dialog
      onClose={onClose}
      width="max-w-2xl"
      closeButton
      title={alert ? 'Edit alert' : 'Create alert'}
      description={
        <>
          On <span className="font-medium text-fg">{coinName ?? shown ?? nameOf(coinId)}</span>. {priceNote}
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_auto_1fr] sm:items-start">
          <OperandFields
            side="Left"
            draft={draft.left}
            valueCurrency={valueCurrency}
            errors={pick(fields, 'left')}
            onChange={(left) => update({ ...draft, left })}
          />
          {/* Its label lines up with the sides' metric labels, under their legends, from sm up. */}
          <Field label="Condition" errors={fields.op} className="gap-2 sm:pt-6">
            {(control) => (
              <select
                {...control}
                value={draft.op}
                className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
                onChange={(e) => update({ ...draft, op: e.target.value as AlertOperator })}
              >
                {alertOperators.map((op) => (
                  <option key={op} value={op}>
                    {alertOperatorLabels[op]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <OperandFields
            side="Right"
            draft={draft.right}
            valueCurrency={valueCurrency}
            errors={pick(fields, 'right')}
            onChange={(right) => update({ ...draft, right })}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => update({ ...draft, active: e.target.checked })}
          />
          Active
        </label>
        <ChannelChoice value={draft.channelIds} onChange={(channelIds) => update({ ...draft, channelIds })} />
        {general.length > 0 && (
          <ul role="alert" className="text-sm text-danger">
            {general.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : alert ? 'Save alert' : 'Create alert'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
