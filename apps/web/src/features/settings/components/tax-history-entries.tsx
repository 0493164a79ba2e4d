import type { TaxHistory } from '@app/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { useTaxHistoryChange } from '@/lib/tax/tax-api';
import { entryWords, ratesWords } from './tax-history-words';

type RemoveChange = ReturnType<typeof useTaxHistoryChange>['remove'];

/**
 * The entries by tax year, oldest first. The latest, when there is one before it, can be removed
 * (after asking): the one before becomes the current setting again.
 */
export function TaxHistoryEntries({
  history,
  remove,
}: {
  history: TaxHistory | undefined;
  remove: RemoveChange;
}) {
  const [removing, setRemoving] = useState(false);
  const latest = history?.entries.at(-1);
  const previous = history && history.entries.length > 1 ? history.entries.at(-2) : undefined;
  return (
    <>
      <ol
        className="mt-3 divide-y divide-line rounded-lg border border-line"
        aria-label="Tax settings by year"
      >
        {history?.entries.map((e) => (
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
    </>
  );
}
