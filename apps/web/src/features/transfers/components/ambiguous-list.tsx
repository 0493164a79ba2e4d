import type { TransferAmbiguity } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { useTransferDecision } from '../api/transfers-api';

/** A movement that fits several counterparts: the owner picks the right one. */
function AmbiguityChoice({ item }: { item: TransferAmbiguity }) {
  const name = useId();
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const confirm = useTransferDecision('confirm');
  const [chosen, setChosen] = useState<string | null>(null);
  const { movement } = item;
  const out = movement.direction === 'out';
  const legend = out
    ? `Which deposit is the ${quantity(movement.quantity)} ${coinName(movement.coin_id)} that left ${movement.portfolio_name} on ${formatDateTime(movement.executed_at)}?`
    : `Which withdrawal brought the ${quantity(movement.quantity)} ${coinName(movement.coin_id)} that arrived in ${movement.portfolio_name} on ${formatDateTime(movement.executed_at)}?`;
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <ul className="mt-2 grid gap-1.5">
        {item.candidates.map((c) => (
          <li key={c.transaction_id}>
            <label className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2">
              <input
                type="radio"
                name={name}
                value={c.transaction_id}
                checked={chosen === c.transaction_id}
                onChange={() => setChosen(c.transaction_id)}
              />
              <span className="font-medium">{c.portfolio_name}</span>
              <span className="text-muted">{formatDateTime(c.executed_at)}</span>
              <span className="tabular-nums">{quantity(c.quantity)}</span>
            </label>
          </li>
        ))}
      </ul>
      <Button
        variant="primary"
        className="mt-3"
        disabled={chosen === null || confirm.isPending}
        onClick={() => {
          if (chosen === null) return;
          confirm.mutate(
            out
              ? { out_id: movement.transaction_id, in_id: chosen }
              : { out_id: chosen, in_id: movement.transaction_id },
          );
        }}
      >
        Confirm this one
      </Button>
    </fieldset>
  );
}

export function AmbiguousList({ items }: { items: readonly TransferAmbiguity[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.movement.transaction_id}>
          <AmbiguityChoice item={item} />
        </li>
      ))}
    </ul>
  );
}
