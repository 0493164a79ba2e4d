import type { CoinMarket } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { userCoinsQuery } from '@/lib/market';
import type { MoneyFormatter } from '@/lib/settings';
import {
  useAddWatchlistItem,
  useCreateWatchlist,
  useDeleteWatchlist,
  useRemoveWatchlistItem,
  useRenameWatchlist,
  watchlistsQuery,
} from '../api/watchlists-api';
import { WatchlistCoinList } from './watchlist-coin-list';

interface WatchlistsPanelProps {
  vs: string;
  /** Quotes of the market table's current page. */
  quotes: ReadonlyMap<string, CoinMarket>;
  selected: CoinMarket | null;
  money: MoneyFormatter;
  onSelect: (id: string) => void;
  /** The chosen list, kept by the page so it survives a reload (kept in local storage). */
  activeId: string | null;
  onActiveChange: (id: string | null) => void;
}

const inputClass =
  'min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent';

/** Watchlists kept on the server: create, rename, delete, add the selected coin, remove coins. */
export function WatchlistsPanel({
  vs,
  quotes: tableQuotes,
  selected,
  money,
  onSelect,
  activeId,
  onActiveChange: setActiveId,
}: WatchlistsPanelProps) {
  const { data: lists = [] } = useQuery(watchlistsQuery());
  // The table shows one page under the user's filters; the user's own coins are quoted on their
  // own, so a watch-listed coin keeps its name and price whatever the table shows.
  const { data: userCoins } = useQuery({
    ...userCoinsQuery(vs),
    enabled: lists.some((l) => l.items.length > 0),
  });
  const quotes = useMemo(() => {
    const merged = new Map<string, CoinMarket>(userCoins?.results.map((c) => [c.id, c]));
    for (const [id, c] of tableQuotes) merged.set(id, c);
    return merged;
  }, [userCoins, tableQuotes]);
  const [newName, setNewName] = useState('');
  // The rename draft remembers its list, so it can never rename another one.
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const confirm = useConfirm();
  const create = useCreateWatchlist();
  const rename = useRenameWatchlist();
  const remove = useDeleteWatchlist();
  const addItem = useAddWatchlistItem();
  const removeItem = useRemoveWatchlistItem();
  const active = lists.find((l) => l.id === activeId) ?? lists[0] ?? null;

  function onCreate(event: FormEvent) {
    event.preventDefault();
    const name = newName.trim();
    if (name === '') return;
    create.mutate(
      { name },
      {
        onSuccess: (list) => {
          setNewName('');
          setActiveId(list.id);
        },
        // Offline: kept on this device and sent later; the field clears as after a save.
        onError: queuedOr(() => setNewName('')),
      },
    );
  }

  function onRename(event: FormEvent) {
    event.preventDefault();
    if (renaming === null || renaming.name.trim() === '') return;
    const done = () => setRenaming(null);
    rename.mutate(
      { id: renaming.id, name: renaming.name.trim() },
      { onSuccess: done, onError: queuedOr(done) },
    );
  }

  const inList = active !== null && selected !== null && active.items.some((i) => i.coin_id === selected.id);

  return (
    <div className="space-y-3 text-sm">
      {lists.length > 0 && active && (
        <div className="flex items-center gap-2">
          <label className="flex min-w-0 flex-1 items-center gap-2">
            <span className="sr-only">Watchlist</span>
            <select
              value={active.id}
              onChange={(e) => {
                setActiveId(e.target.value);
                setRenaming(null);
              }}
              className={inputClass}
            >
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.items.length})
                </option>
              ))}
            </select>
          </label>
          <Button variant="ghost" onClick={() => setRenaming({ id: active.id, name: active.name })}>
            Rename
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              confirm.ask({
                title: `Delete the watchlist "${active.name}"?`,
                description: 'Its coins stay in the market list; only this list goes.',
                confirmLabel: 'Delete watchlist',
                destructive: true,
                onConfirm: () => remove.mutate(active.id),
              });
            }}
          >
            Delete
          </Button>
        </div>
      )}
      {renaming !== null && active?.id === renaming.id && (
        <form onSubmit={onRename} className="flex gap-2">
          <label className="flex min-w-0 flex-1">
            <span className="sr-only">New name for {active.name}</span>
            <input
              value={renaming.name}
              onChange={(e) => setRenaming({ id: renaming.id, name: e.target.value })}
              maxLength={60}
              className={inputClass}
            />
          </label>
          <Button type="submit" variant="secondary">
            Save
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(null)}>
            Cancel
          </Button>
        </form>
      )}
      {active ? (
        <>
          {selected && (
            <Button
              disabled={inList || addItem.isPending}
              variant="secondary"
              onClick={() => addItem.mutate({ watchlist_id: active.id, coin_id: selected.id })}
            >
              {inList ? `${selected.name} is in ${active.name}` : `Add ${selected.name} to ${active.name}`}
            </Button>
          )}
          {active.items.length === 0 ? (
            <p className="text-muted">This watchlist is empty. Select a coin and add it here.</p>
          ) : (
            <WatchlistCoinList
              listName={active.name}
              items={active.items}
              quotes={quotes}
              money={money}
              onSelect={onSelect}
              onRemove={(itemId) => removeItem.mutate(itemId)}
            />
          )}
        </>
      ) : (
        <p className="text-muted">No watchlist yet. Create one to follow a set of coins.</p>
      )}
      <form onSubmit={onCreate} className="flex gap-2 border-t border-line pt-3">
        <label className="flex min-w-0 flex-1">
          <span className="sr-only">New watchlist name</span>
          <input
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            placeholder="New watchlist"
            maxLength={60}
            className={inputClass}
          />
        </label>
        <Button type="submit" disabled={create.isPending} variant="secondary">
          Create
        </Button>
      </form>
      {confirm.dialog}
    </div>
  );
}
