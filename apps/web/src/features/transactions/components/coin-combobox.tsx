import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/market';
import { useOnline } from '@/lib/offline/use-online';
import { coinSearchQuery } from '../api/transactions-api';
import { type CoinChoice, matchCoins } from './coin-match';

/** The coin search: at least 2 characters, 300 ms debounce. */
const minChars = 2;
const debounceMs = 300;

interface CoinComboboxProps {
  /** The top of the market, offered before anything is typed. */
  top: readonly CoinChoice[];
  text: string;
  onText: (text: string) => void;
  selected: CoinChoice | null;
  onSelect: (coin: CoinChoice) => void;
  errors?: readonly string[] | undefined;
  hint?: string | undefined;
  /** The field's label ("Coin" unless told). */
  label?: string;
  /** Only coins this accepts are offered (e.g. the coins a fee can be priced in). */
  accept?: (coin: CoinChoice) => boolean;
}

/**
 * The transaction form's coin field: type a name, a symbol or an id, and choose from a list with
 * icon, symbol, name and market rank. A symbol several coins share lists all of them.
 */
export function CoinCombobox({
  top,
  text,
  onText,
  selected,
  onSelect,
  errors,
  hint,
  label = 'Coin',
  accept,
}: CoinComboboxProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), debounceMs, (v) => v.length < minChars);
  const searched = useQuery({
    ...coinSearchQuery(query),
    enabled: open && query.length >= minChars,
    placeholderData: keepPreviousData,
  });
  const items = useMemo(
    () =>
      matchCoins(
        [...top, ...(searched.data?.cryptocurrencies ?? [])].filter((c) => accept?.(c) ?? true),
        text,
      ),
    [top, searched.data, text, accept],
  );
  const online = useOnline();
  const typed = text.trim();
  // Nothing to choose for what was typed: said in words, not an empty list. Online, once the
  // market search has answered; offline, only the coins seen on this device can be found.
  const nothingFound =
    open &&
    items.length === 0 &&
    typed.length >= minChars &&
    (!online || (query === typed && !searched.isFetching)) &&
    selected === null;
  const optionId = (i: number) => `${id}-option-${i}`;
  const choose = (coin: CoinChoice) => {
    onSelect(coin);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && items[active]) {
      e.preventDefault();
      choose(items[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  return (
    // The list opens over what follows, from the top of this box; the note about a coin not found
    // comes after the field's hint and errors, as it always has.
    <div className="relative flex flex-col gap-1.5">
      <Field label={label} errors={errors} hint={hint}>
        {(control) => (
          <div
            className={cn(
              'flex items-center gap-2 rounded-lg border bg-bg px-3 focus-within:ring-2 focus-within:ring-accent',
              control['aria-invalid'] ? 'border-danger' : 'border-line',
            )}
          >
            {selected && (
              <CoinAvatar src={selected.image} name={selected.name} symbol={selected.symbol} size={18} />
            )}
            <input
              {...control}
              role="combobox"
              aria-expanded={open}
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={open && items[active] ? optionId(active) : undefined}
              autoComplete="off"
              placeholder="Name or symbol, e.g. Bitcoin or BTC"
              value={text}
              onChange={(e) => {
                onText(e.target.value);
                setActive(0);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
              className="min-w-0 flex-1 bg-transparent py-2 text-sm outline-none"
            />
          </div>
        )}
      </Field>
      {nothingFound && (
        <p role="status" className="text-xs text-warning">
          {online
            ? `No coin matches “${typed}”.`
            : `No coin matching “${typed}” has been seen on this device yet. Coins are kept here once the market has shown them online; try again with a network.`}
        </p>
      )}
      {open && items.length > 0 && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label="Coins"
          className="absolute top-[4.25rem] right-0 left-0 z-30 max-h-72 overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-xl"
        >
          {items.map((coin, i) => (
            <div
              key={coin.id}
              id={optionId(i)}
              role="option"
              aria-selected={selected?.id === coin.id}
              tabIndex={-1}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(coin);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                i === active && 'bg-surface-2',
              )}
            >
              <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} size={22} />
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium uppercase">{coin.symbol}</span>{' '}
                <span className="text-muted">{coin.name}</span>
              </span>
              {coin.market_cap_rank !== null && (
                <span className="shrink-0 text-xs tabular-nums text-muted">#{coin.market_cap_rank}</span>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
