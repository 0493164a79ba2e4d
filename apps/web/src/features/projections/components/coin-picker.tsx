import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { PickerCoin } from '../api/projections-api';
import { useCoinPickerItems } from '../hooks/use-coin-picker-items';
import { useDismiss } from '../hooks/use-dismiss';
import { CoinIcon } from './coin-icon';
import { CoinPickerOption } from './coin-picker-option';

interface CoinPickerProps {
  value: Pick<PickerCoin, 'id' | 'name' | 'symbol' | 'image'> | null;
  onSelect: (coin: PickerCoin) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The coin picker: a dropdown list (market_select, max 300 px), or a market search
 * once a query is typed (its list 320 px), inside a popup of at most 500 px.
 */
export function CoinPicker({ value, onSelect, error, disabled }: CoinPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useDismiss(
    rootRef,
    open,
    useCallback(() => setOpen(false), []),
  );
  const { items, searching, waiting, loading, failed } = useCoinPickerItems(open, text);

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
      <Button
        variant="unstyled"
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
      </Button>
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
              <CoinPickerOption
                key={coin.id}
                coin={coin}
                id={optionId(i)}
                selected={value?.id === coin.id}
                active={i === active}
                onChoose={() => choose(coin)}
                onHover={() => setActive(i)}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
