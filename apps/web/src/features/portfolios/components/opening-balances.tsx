import type { OpeningBalance } from '@app/contracts';
import { currencyDecimals, decimalForInput, formatDate } from '@app/core';
import { useEffect, useState } from 'react';
import { Private } from '@/components/ui/private-value';
import { useDayPrice } from '@/lib/market/use-day-price';
import { useQuantityFormatter } from '@/lib/quantity';

/** A price the user typed, or the day's close accepted as it was prefilled, with where it came from. */
export interface OpeningPrice {
  value: string;
  source: string;
}

export const enteredByYou = 'Entered by you';

interface Props {
  openings: readonly OpeningBalance[];
  currency: string;
  included: ReadonlySet<string>;
  prices: Readonly<Record<string, OpeningPrice>>;
  onToggle: (symbol: string, included: boolean) => void;
  onPrice: (symbol: string, price: OpeningPrice) => void;
}

/**
 * The file's ledger starts mid-history, so each coin it held before its first row is
 * offered as an opening "transfer in". Its cost is not in the file: the day's close from history
 * is prefilled (with its source), or the user types the price; either way it can be left out.
 */
export function OpeningBalances({ openings, currency, included, prices, onToggle, onPrice }: Props) {
  if (openings.length === 0) return null;
  return (
    <fieldset className="mt-3 rounded-lg border border-line p-2 text-sm">
      <legend className="px-1 font-medium">Opening balances</legend>
      <p className="text-xs text-muted">
        This ledger starts mid-history: its balance column shows coins held before its first row. Include them
        so later sells have something to sell; their cost is not in the file. The rows below were checked with
        them included, so leaving one out can make a later sell of that coin fail the import.
      </p>
      <ul className="mt-2 grid gap-2">
        {openings.map((o) => (
          <OpeningBalanceItem
            key={o.symbol}
            opening={o}
            currency={currency}
            included={included.has(o.symbol)}
            price={prices[o.symbol]}
            onToggle={onToggle}
            onPrice={onPrice}
          />
        ))}
      </ul>
    </fieldset>
  );
}

function OpeningBalanceItem({
  opening: o,
  currency,
  included,
  price,
  onToggle,
  onPrice,
}: {
  opening: OpeningBalance;
  currency: string;
  included: boolean;
  price: OpeningPrice | undefined;
  onToggle: Props['onToggle'];
  onPrice: Props['onPrice'];
}) {
  const q = useQuantityFormatter();
  const day = useDayPrice(o.coin_id ?? '', currency, new Date(o.date), included && price === undefined);
  // Not while the person is in the field: the close would replace the text under the cursor and the
  // digits typed next would land after it. Leaving the field empty fills it in.
  const [focused, setFocused] = useState(false);
  const close = day ? decimalForInput(String(day.price), Math.max(2, currencyDecimals(day.price))) : null;
  useEffect(() => {
    if (price === undefined && day && close !== null && !focused) {
      onPrice(o.symbol, { value: close, source: day.label });
    }
  }, [day, close, price, focused, o.symbol, onPrice]);
  const unit = currency.toUpperCase();
  return (
    <li className="flex flex-wrap items-end gap-x-4 gap-y-1">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={included}
          disabled={o.coin_id === null}
          onChange={(e) => onToggle(o.symbol, e.target.checked)}
        />
        <span>
          Include opening balance of {o.symbol}: <Private>{q(o.quantity)}</Private> held before line{' '}
          {o.first_line} ({formatDate(o.date)})
        </span>
      </label>
      {o.coin_id === null ? (
        <span className="text-warning">Choose a coin for {o.symbol} above</span>
      ) : (
        included && (
          <label className="text-xs">
            Price per coin ({unit})
            <input
              inputMode="decimal"
              aria-label={`Opening price of ${o.symbol} in ${unit}`}
              className="ml-2 w-32 rounded border border-line bg-surface px-2 py-1 text-sm"
              value={price?.value ?? ''}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
              onChange={(e) => onPrice(o.symbol, { value: e.target.value, source: enteredByYou })}
            />
            <span className="ml-2 text-muted">
              {price?.value
                ? price.source
                : day && close !== null && price === undefined
                  ? `${day.label}: ${close}; leave the field empty to use it`
                  : 'Enter the price per coin, or leave this balance out'}
            </span>
          </label>
        )
      )}
    </li>
  );
}
