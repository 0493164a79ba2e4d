import { controlClass, Field } from '@/components/ui/field';
import { CoinCombobox } from './coin-combobox';
import type { CoinChoice } from './coin-match';
import { type FeeChoice, type FeeCurrencyState, feePriceable, otherFiats } from './fee-currency-choice';

/** The fee's currency: the portfolio's, another fiat, the coin traded, or another coin (e.g. BNB). */
export function FeeCurrencyField({
  state,
  onChange,
  currency,
  coin,
  top,
  errors,
}: {
  state: FeeCurrencyState;
  onChange: (next: FeeCurrencyState) => void;
  /** The portfolio's currency. */
  currency: string;
  /** The transaction's coin, when one is chosen. */
  coin: CoinChoice | null;
  top: readonly CoinChoice[];
  errors?: readonly string[] | undefined;
}) {
  const other = state.choice === 'other';
  const self = coin ? `${coin.symbol.toUpperCase()} (the coin itself)` : 'The coin itself';
  return (
    <>
      <Field
        label="Fee currency"
        errors={other ? undefined : errors}
        hint={
          state.choice === 'portfolio'
            ? undefined
            : 'Valued in the portfolio’s currency at that day’s rate or close'
        }
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
    </>
  );
}
