import { marketLimits } from '@app/contracts';
import { normaliseSearchQuery } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { coinSearchQuery, useDebouncedValue } from '@/lib/market';
import type { MoneyFormatter } from '@/lib/settings';

const isNoSearch = (text: string) => normaliseSearchQuery(text) === null;

/**
 * The coin search: nothing under 2 characters after trimming, 300 ms debounce, and
 * clearing the text clears the results.
 */
export function CoinSearch({
  vs,
  money,
  onSelect,
}: {
  vs: string;
  money: MoneyFormatter;
  onSelect: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, marketLimits.searchDebounceMs, isNoSearch);
  const query = isNoSearch(text) ? null : normaliseSearchQuery(debounced);
  const { data, isFetching } = useQuery({ ...coinSearchQuery(vs, query ?? ''), enabled: query !== null });
  const listId = useId();
  const results = query === null ? [] : (data?.results ?? []);
  const open = query !== null;

  return (
    <div className="relative w-full sm:w-72">
      <label className="block">
        <span className="sr-only">Search coins</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setText('');
          }}
          placeholder="Search coins"
          aria-controls={listId}
          aria-expanded={open}
          role="combobox"
          aria-autocomplete="list"
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm placeholder:text-muted focus-visible:outline-2 focus-visible:outline-accent"
        />
      </label>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="absolute z-30 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {results.length === 0 && (
            <p className="px-2 py-2 text-sm text-muted">
              {isFetching || data === undefined ? 'Searching…' : 'No coins found'}
            </p>
          )}
          {results.map((c) => (
            <div
              key={c.id}
              role="option"
              aria-selected={false}
              tabIndex={0}
              onClick={() => {
                onSelect(c.id);
                setText('');
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(c.id);
                  setText('');
                }
              }}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
            >
              <CoinAvatar src={c.image} name={c.name} symbol={c.symbol} size={20} />
              <span className="flex-1 truncate">{c.name}</span>
              <span className="text-xs uppercase text-muted">{c.symbol}</span>
              <span className="tabular-nums text-xs">{money(c.current_price)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
