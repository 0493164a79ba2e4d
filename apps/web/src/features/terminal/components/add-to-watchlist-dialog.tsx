import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { toast } from '@/lib/toast';
import { useAddWatchlistItem, useCreateWatchlist, watchlistsQuery } from '../api/watchlists-api';

/** The select's value for "make a new list with this coin". */
const newList = '__new__';

export interface WatchlistCoin {
  id: string;
  name: string;
}

/**
 * "Add to watchlist" from wherever a coin is shown (its page, its market row): the list is chosen
 * here, or a new one is named, so nobody has to go back to the terminal's panel to fill a list.
 */
export function AddToWatchlistDialog({ coin, onClose }: { coin: WatchlistCoin; onClose: () => void }) {
  const lists = useQuery(watchlistsQuery());
  const add = useAddWatchlistItem();
  const create = useCreateWatchlist();
  const all = lists.data ?? [];
  const holds = (id: string) =>
    all.find((l) => l.id === id)?.items.some((i) => i.coin_id === coin.id) === true;
  const firstOpen = all.find((l) => !holds(l.id));
  const [chosen, setChosen] = useState<string | null>(null);
  const target = chosen ?? firstOpen?.id ?? newList;
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const busy = add.isPending || create.isPending;

  const done = (listName: string) => {
    toast.success(`${coin.name} added to ${listName}`);
    onClose();
  };
  const failed = (error: unknown) =>
    setErrors(
      isApiError(error) ? { ...error.fieldErrors, form: [error.message] } : { form: [String(error)] },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === newList) {
      const trimmed = name.trim();
      if (trimmed === '') {
        setErrors({ name: ['Name the new list'] });
        return;
      }
      create.mutate(
        { name: trimmed, coin_ids: [coin.id] },
        { onSuccess: () => done(trimmed), onError: queuedOr(onClose, failed) },
      );
      return;
    }
    const list = all.find((l) => l.id === target);
    if (list === undefined) return;
    add.mutate(
      { watchlist_id: list.id, coin_id: coin.id },
      { onSuccess: () => done(list.name), onError: queuedOr(onClose, failed) },
    );
  };

  return (
    <Dialog onClose={onClose} title={`Add ${coin.name} to a watchlist`} width="max-w-md">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add to watchlist">
        <Field label="Watchlist" errors={errors.watchlist_id}>
          {(control) => (
            <select
              {...control}
              value={target}
              disabled={lists.isPending}
              onChange={(e) => {
                setChosen(e.target.value);
                setErrors({});
              }}
              className={controlClass(control['aria-invalid'])}
            >
              {all.map((l) => (
                <option key={l.id} value={l.id} disabled={holds(l.id)}>
                  {holds(l.id) ? `${l.name} (already on it)` : `${l.name} (${l.items.length})`}
                </option>
              ))}
              <option value={newList}>A new list…</option>
            </select>
          )}
        </Field>
        {target === newList && (
          <TextField
            label="New list's name"
            value={name}
            errors={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors({});
            }}
          />
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form[0]}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || lists.isPending}>
            {target === newList ? 'Create list and add' : 'Add to watchlist'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
