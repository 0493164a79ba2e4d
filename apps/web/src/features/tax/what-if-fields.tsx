import type { FieldErrors, Portfolio } from '@app/contracts';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import type { WhatIfDraft } from './what-if-draft';

const inputClass = (invalid: boolean | undefined) => `${controlClass(invalid)} w-full min-w-0`;

export interface WhatIfFieldsProps {
  draft: WhatIfDraft;
  /** The coin page's coin: then the form offers no choice of coin. */
  coinId: string | undefined;
  portfolios: readonly Portfolio[];
  fieldErrors: FieldErrors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The what-if's form: the coin (unless fixed), a quantity, and optionally a price (the price now
 * by default), fees, a date and a portfolio, each with the server's messages under it.
 */
export function WhatIfFields({
  draft,
  coinId,
  portfolios,
  fieldErrors,
  pending,
  onSubmit,
}: WhatIfFieldsProps) {
  const coins = useCoinLookup();
  const moneyIn = useMoneyIn();
  const { coin, held, heldCoins } = draft;
  const currency = draft.lots.data?.currency;
  const priceNow =
    held?.current_price != null && currency !== undefined ? moneyIn(held.current_price, currency) : null;
  const where = draft.scope === 'all' ? 'in your portfolios' : 'in this portfolio';
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {coinId === undefined && (
        <Field label="Coin" errors={fieldErrors.coin_id}>
          {(control) => (
            <select
              {...control}
              value={coin}
              onChange={(e) => draft.setChosenCoin(e.target.value)}
              className={inputClass(control['aria-invalid'])}
            >
              {heldCoins.length === 0 && <option value="">No coins held</option>}
              {heldCoins.map((c) => (
                <option key={c.coin_id} value={c.coin_id}>
                  {coinLabel(coins, c.coin_id)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        label="Quantity"
        errors={fieldErrors.quantity}
        hint={
          held
            ? `You hold ${formatCoinQuantity(held.summary.quantity)} ${where}`
            : `You hold none of ${coin === '' ? 'any coin' : coinLabel(coins, coin)} ${where}`
        }
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={draft.quantity}
            onChange={(e) => draft.setQuantity(e.target.value)}
            className={inputClass(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field
        label={currency === undefined ? 'Price per coin' : `Price per coin (${currency.toUpperCase()})`}
        errors={fieldErrors.price_per_coin}
        hint="Leave empty for the price now"
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder={priceNow === null ? 'Price now' : `Now ${priceNow}`}
            value={draft.price}
            onChange={(e) => draft.setPrice(e.target.value)}
            className={inputClass(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field label="Fees (%)" errors={fieldErrors.fees_percentage} hint="Of the proceeds; empty for none">
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={draft.fees}
            onChange={(e) => draft.setFees(e.target.value)}
            className={inputClass(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field label="Sale date" errors={fieldErrors.date} hint="Empty for today">
        {(control) => (
          <input
            {...control}
            type="date"
            value={draft.date}
            onChange={(e) => draft.setDate(e.target.value)}
            className={inputClass(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field label="Portfolio" errors={fieldErrors.portfolio_id}>
        {(control) => (
          <select
            {...control}
            value={draft.scope}
            onChange={(e) => draft.setScope(e.target.value)}
            className={inputClass(control['aria-invalid'])}
          >
            <option value="all">All Portfolios</option>
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" variant="primary" disabled={pending || coin === ''}>
          {pending ? 'Estimating…' : 'Estimate the tax'}
        </Button>
        {held && (
          <Button variant="ghost" onClick={() => draft.setQuantity(held.summary.quantity)}>
            Sell all
          </Button>
        )}
      </div>
    </form>
  );
}
