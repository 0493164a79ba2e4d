import { useId } from 'react';
import { controlClass, Field } from '@/components/ui/field';
import { CoinCombobox } from './coin-combobox';
import type { CoinChoice } from './coin-match';
import { type FeeChoice, type FeeCurrencyState, feePriceable, otherFiats } from './fee-currency-choice';

/**
 * What the books do with the choice. A coin fee is counted at the coin's close of the day in
 * this transaction's cost or proceeds; the coins paid are not taken from a holding (a CSV import
 * records that sale for you, a typed transaction does not), so the hint says how to keep the
 * holding right.
 */
function feeHint(state: FeeCurrencyState, recordSale: boolean): string | undefined {
  if (state.choice === 'portfolio') return undefined;
  if (state.choice === 'self') {
    return 'Counted at the coin’s close of that day; enter the quantity you kept after the fee.';
  }
  if (state.choice === 'other') {
    const symbol =
      state.coinPicked?.symbol.toUpperCase() ?? (state.coinText.trim().toUpperCase() || 'that coin');
    return recordSale
      ? `Counted at ${symbol}’s close of that day; the ${symbol} paid is recorded as a sale at that close.`
      : `Counted at ${symbol}’s close of that day; the ${symbol} paid stays in your holdings until you record it as a sale.`;
  }
  return 'Counted in the portfolio’s currency at that day’s exchange rate.';
}

/** The fee's currency: the portfolio's, another fiat, the coin traded, or another coin (e.g. BNB). */
export function FeeCurrencyField({
  state,
  onChange,
  currency,
  coin,
  top,
  errors,
  sale,
}: {
  state: FeeCurrencyState;
  onChange: (next: FeeCurrencyState) => void;
  /** The portfolio's currency. */
  currency: string;
  /** The transaction's coin, when one is chosen. */
  coin: CoinChoice | null;
  top: readonly CoinChoice[];
  errors?: readonly string[] | undefined;
  /** New transactions only: also record the coins paid as a sale of that coin (one write). */
  sale?:
    | { checked: boolean; onChange: (checked: boolean) => void; errors?: readonly string[] | undefined }
    | undefined;
}) {
  const other = state.choice === 'other';
  const self = coin ? `${coin.symbol.toUpperCase()} (the coin itself)` : 'The coin itself';
  return (
    <>
      <Field
        label="Fee currency"
        errors={other ? undefined : errors}
        hint={feeHint(state, sale?.checked ?? false)}
      >
        {(control) => (
          <select
            {...control}
            value={state.choice}
            onChange={(e) => onChange({ ...state, choice: e.target.value as FeeChoice })}
            className={controlClass(control['aria-invalid'])}
          >
            <option value="portfolio">{currency.toUpperCase()} (this portfolio’s currency)</option>
            {otherFiats(currency).map((c) => (
              <option key={c} value={`fiat:${c}`}>
                {c.toUpperCase()}
              </option>
            ))}
            <option value="self">{self}</option>
            <option value="other">Another coin…</option>
          </select>
        )}
      </Field>
      {other && (
        <CoinCombobox
          label="Fee coin"
          top={top}
          accept={feePriceable}
          text={state.coinText}
          onText={(text) => onChange({ ...state, coinText: text, coinPicked: null })}
          selected={state.coinPicked}
          onSelect={(c) => onChange({ ...state, coinText: c.symbol.toUpperCase(), coinPicked: c })}
          errors={errors}
          hint="The coin the fee was paid in, e.g. BNB"
        />
      )}
      {other && sale && (
        <FeeSaleCheckbox
          symbol={state.coinPicked?.symbol.toUpperCase() ?? (state.coinText.trim().toUpperCase() || 'coin')}
          {...sale}
        />
      )}
    </>
  );
}

/** "Also record the BNB paid as a sale": the holding goes down and the BNB realizes its gain. */
function FeeSaleCheckbox({
  symbol,
  checked,
  onChange,
  errors,
}: {
  symbol: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: readonly string[] | undefined;
}) {
  const id = useId();
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={hasErrors || undefined}
          aria-describedby={hasErrors ? `${id}-errors` : undefined}
        />
        Also record the {symbol} paid as a sale at that day’s close
      </label>
      {hasErrors && (
        <ul id={`${id}-errors`} className="text-xs text-danger">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
