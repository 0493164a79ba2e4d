import type { FieldErrors, TransferMovementOut } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify';
import { useQuantityFormatter } from '@/lib/quantity';
import { useTransferDecision } from '../api/transfers-api';

/** The field messages of a refused match, or none (any other failure is a toast). */
function refusal(error: unknown): FieldErrors {
  return isApiError(error) && (error.category === 'validation' || error.category === 'not_found')
    ? error.fieldErrors
    : {};
}

/**
 * Pairs a movement with its other half by hand, whatever the time apart and the fee: the other
 * half is one of the unmatched movements of the same coin, the other way, in another portfolio.
 * What no transfer can be (a deposit larger than its withdrawal) is refused by the server, and
 * its words are shown under the choice.
 */
export function MatchByHand({
  movement,
  others,
  onDone,
}: {
  movement: TransferMovementOut;
  others: readonly TransferMovementOut[];
  onDone: () => void;
}) {
  const quantity = useQuantityFormatter();
  const match = useTransferDecision('match', { silent: true });
  const [chosen, setChosen] = useState(others[0]?.transaction_id ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const out = movement.direction === 'out';
  if (others.length === 0) {
    return (
      <p className="text-sm text-muted">
        No unmatched {out ? 'deposit' : 'withdrawal'} of this coin in another portfolio. Record it there
        first, then match it here.
      </p>
    );
  }
  const submit = () => {
    setErrors({});
    match.mutate(
      out
        ? { out_id: movement.transaction_id, in_id: chosen }
        : { out_id: chosen, in_id: movement.transaction_id },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = refusal(error);
          if (Object.keys(fields).length === 0) notifyError(error);
          setErrors(fields);
        },
      },
    );
  };
  const messages = Object.values(errors).flat();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field
        label={out ? 'The deposit it became' : 'The withdrawal it came from'}
        errors={messages}
        className="min-w-64"
      >
        {(control) => (
          <select
            {...control}
            className={controlClass(control['aria-invalid'])}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            {others.map((o) => (
              <option key={o.transaction_id} value={o.transaction_id}>
                {`${o.portfolio_name}, ${formatDateTime(o.executed_at)}, ${quantity(o.quantity)}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" variant="primary" disabled={match.isPending || chosen === ''}>
        Match
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
