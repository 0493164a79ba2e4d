import type { Transaction } from '@app/contracts';
import { formatDateTime, roundDecimalString } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useQuantityFormatter } from '@/lib/quantity';
import { transferCandidatesQuery } from '../api/connection-detail-api';

const sameQuantity = (a: string, b: string) => roundDecimalString(a, 18) === roundDecimalString(b, 18);

/**
 * The other half of an own transfer: the user's rows going the other way with the same coin and
 * quantity, in another portfolio and not matched yet (the server checks the same).
 */
export function TransferMatch({
  transaction,
  direction,
  portfolioNames,
  chosen,
  errors,
  onChoose,
}: {
  transaction: Transaction;
  direction: 'received' | 'sent';
  portfolioNames: ReadonlyMap<string, string>;
  chosen: string | null;
  errors: readonly string[] | undefined;
  onChoose: (id: string) => void;
}) {
  const name = useId();
  const quantity = useQuantityFormatter();
  const other = direction === 'received' ? 'transfer_out' : 'transfer_in';
  const list = useQuery(transferCandidatesQuery(other, transaction.coin_id));
  const candidates = (list.data?.results ?? []).filter(
    (t) =>
      t.portfolio_id !== transaction.portfolio_id &&
      t.matched_transaction_id === undefined &&
      sameQuantity(t.quantity, transaction.quantity),
  );
  const legend = direction === 'received' ? 'The transfer out it arrived from' : 'The transfer in it went to';
  return (
    <fieldset aria-describedby={errors?.length ? `${name}-errors` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {list.isPending ? (
        <Spinner label="Looking for matching transfers" />
      ) : list.isError ? (
        <p className="text-sm text-danger">The transfers could not be loaded.</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted">
          No {direction === 'received' ? 'transfer out' : 'transfer in'} of {quantity(transaction.quantity)}{' '}
          of this coin in another portfolio. Record it there first, then match it here.
        </p>
      ) : (
        <ul className="grid gap-1.5">
          {candidates.map((t) => (
            <li key={t.id}>
              <label className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2">
                <input
                  type="radio"
                  name={name}
                  value={t.id}
                  checked={chosen === t.id}
                  onChange={() => onChoose(t.id)}
                />
                <span className="font-medium">
                  {portfolioNames.get(t.portfolio_id) ?? 'Another portfolio'}
                </span>
                <span className="text-muted">{formatDateTime(t.executed_at)}</span>
                <span className="tabular-nums">{quantity(t.quantity)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors && errors.length > 0 && (
        <p id={`${name}-errors`} className="mt-1 text-xs text-danger">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
