import { marketLimits } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useBaseCurrency } from '@/lib/settings';
import { coinSearchQuery, marketSelectQuery, type PickerCoin } from '../api/projections-api';
import { useDismiss } from '../hooks/use-dismiss';
import { CoinIcon } from './coin-icon';
import { formatCoins } from './format';

interface CoinPickerProps {
  value: Pick<PickerCoin, 'id' | 'name' | 'symbol' | 'image'> | null;
  onSelect: (coin: PickerCoin) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Search needs 2 characters after trimming and waits 300 ms; clearing clears it. */
function useDebouncedSearch(text: string): string {
  const [query, setQuery] = useState('');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed.length < marketLimits.searchMinChars) {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(trimmed), marketLimits.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return query;
}

/** A market-list coin whose name, ticker or id holds the typed text (case aside). */
function matches(coin: PickerCoin, typed: string): boolean {
  const needle = typed.toLowerCase();
  return [coin.name, coin.symbol, coin.id].some((field) => field.toLowerCase().includes(needle));
}

/**
 * The coin picker: a dropdown list (market_select, max 300 px), or a market search
 * once a query is typed (its list 320 px), inside a popup of at most 500 px.
 */
export function CoinPicker({ value, onSelect, error, disabled }: CoinPickerProps) {
  const id = useId();
  const currency = useBaseCurrency();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = useDebouncedSearch(text);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useDismiss(
    rootRef,
    open,
    useCallback(() => setOpen(false), []),
  );
  const list = useQuery({ ...marketSelectQuery(currency), enabled: open });
  const search = useQuery({ ...coinSearchQuery(query), enabled: open && query !== '' });
  const typed = text.trim();
  const searching = typed.length >= marketLimits.searchMinChars;
  // The hits for what is in the box now; until they come, the market list's own matches stand in.
  const hits = query === typed ? search.data : undefined;

  const items = useMemo(() => {
    const market = list.data ?? [];
    if (!searching) return market;
    // During the 300 ms wait and the search the list used to show every coin, then nothing, then
    // the hits: a coin clicked as it emptied was never chosen. It narrows at once instead.
    if (hits === undefined) return market.filter((coin) => matches(coin, typed));
    // Search hits borrow favourite and balance from the market list when it has the coin.
    const known = new Map(market.map((c) => [c.id, c]));
    return hits.map((hit) => known.get(hit.id) ?? hit);
  }, [searching, typed, list.data, hits]);
  const waiting = searching ? hits === undefined && !(query === typed && search.isError) : list.isPending;
  const loading = waiting && items.length === 0;
  const failed = searching ? query === typed && search.isError : list.isError;

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const choose = (coin: PickerCoin) => {
    onSelect(coin);
    setOpen(false);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const coin = items[active];
      if (coin) choose(coin);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div ref={rootRef} className="relative flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        Cryptocurrency
      </span>
      <button
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'flex items-center gap-2 rounded-lg border bg-bg px-3 py-2 text-left text-sm disabled:cursor-not-allowed disabled:opacity-70',
          error === undefined ? 'border-line' : 'border-danger',
        )}
      >
        {value !== null && <CoinIcon src={value.image} symbol={value.symbol} />}
        <span id={`${id}-value`} className={value === null ? 'text-muted' : ''}>
          {value === null ? 'Select a cryptocurrency' : `${value.name} (${value.symbol.toUpperCase()})`}
        </span>
      </button>
      {error !== undefined && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
      {open && (
        <div className="mt-1 flex max-h-[500px] flex-col gap-2 rounded-lg border border-line bg-surface p-2 shadow-xl">
          <input
            ref={searchRef}
            type="search"
            aria-label="Search coins"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={items[active] ? optionId(active) : undefined}
            placeholder="Search coins"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="rounded-md border border-line bg-bg px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
          />
          {loading && <p className="px-2 py-1 text-xs text-muted">Loading coins…</p>}
          {failed && <p className="px-2 py-1 text-xs text-danger">Coins could not be loaded.</p>}
          {!waiting && !failed && items.length === 0 && (
            <p className="px-2 py-1 text-xs text-muted">No coins found</p>
          )}
          <div
            id={`${id}-list`}
            role="listbox"
            aria-label="Cryptocurrencies"
            className={cn('overflow-y-auto', searching ? 'max-h-[320px]' : 'max-h-[300px]')}
          >
            {items.map((coin, i) => (
              <div
                key={coin.id}
                id={optionId(i)}
                role="option"
                aria-selected={value?.id === coin.id}
                aria-label={`${coin.name} (${coin.symbol.toUpperCase()})`}
                onClick={() => choose(coin)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') choose(coin);
                }}
                onMouseEnter={() => setActive(i)}
                tabIndex={-1}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                  i === active ? 'bg-surface-2' : '',
                )}
              >
                <CoinIcon src={coin.image} symbol={coin.symbol} size={24} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {coin.name} <span className="text-muted">{coin.symbol.toUpperCase()}</span>
                    {coin.user_favorite && (
                      <span className="ml-1 text-warning" title="Favourite">
                        ★
                      </span>
                    )}
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {coin.id}
                    {coin.db_id !== null && coin.db_id !== coin.id ? ` · #${coin.db_id}` : ''}
                  </span>
                </span>
                <span className="shrink-0 text-right text-xs tabular-nums text-muted">
                  {formatCoins(coin.available_balance)}
                </span>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
