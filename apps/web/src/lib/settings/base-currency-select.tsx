import { type BaseCurrency, baseCurrencies } from '@app/contracts';
import { useBaseCurrency, useUpdateSettings } from './use-user-settings';

/** The shared base-currency selector; every price and value on every page follows it. */
export function BaseCurrencySelect({ className }: { className?: string }) {
  const currency = useBaseCurrency();
  const update = useUpdateSettings();
  return (
    <label className={className}>
      <span className="sr-only">Base currency</span>
      <select
        value={currency}
        onChange={(event) => update.mutate({ base_currency: event.target.value as BaseCurrency })}
        className="rounded-lg border border-line bg-surface-2 px-2 py-1.5 text-sm font-medium text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        {baseCurrencies.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
