import type { Connection, ConnectionDeleteQuery } from '@app/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useDeleteConnection } from '../api/use-connection-mutations';

type Choice = ConnectionDeleteQuery['transactions'];

export const choiceMissing = 'Choose whether to keep or remove its transactions.';

const choices: ReadonlyArray<{ value: Choice; label: string; hint: string }> = [
  {
    value: 'keep',
    label: 'Keep its transactions',
    hint: 'They stay in the portfolio as if typed by hand. Connecting the same wallet again would bring them a second time.',
  },
  {
    value: 'remove',
    label: 'Remove its transactions',
    hint: 'Every transaction it brought is deleted with it, and the portfolio’s figures change.',
  },
];

/**
 * Asks what becomes of the rows the connection brought. Nothing is chosen at first: keeping and
 * removing each surprise someone, so the person says which.
 */
export function DeleteConnectionDialog({
  connection,
  onClose,
  onDeleted,
}: {
  connection: Connection;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [missing, setMissing] = useState(false);
  const remove = useDeleteConnection();

  const confirm = () => {
    if (choice === null) {
      setMissing(true);
      return;
    }
    remove.mutate(
      { id: connection.id, query: { transactions: choice } },
      {
        onSuccess: () => {
          toast.success(`Connection “${connection.label}” deleted`);
          onClose();
          onDeleted?.();
        },
      },
    );
  };

  return (
    <Dialog
      role="alertdialog"
      title={`Delete ${connection.label}?`}
      description="The wallet is no longer followed. Say what becomes of the transactions it brought."
      onClose={onClose}
      width="max-w-md"
    >
      <fieldset aria-describedby={missing ? `${name}-error` : undefined} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Its transactions</legend>
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2"
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={choice === c.value}
              onChange={() => {
                setChoice(c.value);
                setMissing(false);
              }}
              className="mt-0.5"
            />
            <span>
              <span className="font-medium">{c.label}</span>
              <span className="mt-0.5 block text-xs text-muted">{c.hint}</span>
            </span>
          </label>
        ))}
        {missing && (
          <p id={`${name}-error`} role="alert" className="text-xs text-danger">
            {choiceMissing}
          </p>
        )}
      </fieldset>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={remove.isPending} onClick={confirm}>
          {remove.isPending ? 'Deleting…' : 'Delete connection'}
        </Button>
      </div>
    </Dialog>
  );
}
