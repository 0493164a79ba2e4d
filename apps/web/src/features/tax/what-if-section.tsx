import type { WhatIfBody } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api/api-error';
import { describeApiError } from '@/lib/api/error-presentation';
import { useCoinLookup } from '@/lib/coin-lookup';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { lotsQuery } from '@/lib/tax/tax-api';
import { requestWhatIf, whatIfPortfoliosQuery } from './what-if-api';
import { WhatIfResult } from './what-if-result';

export interface WhatIfSectionProps {
  /** The coin page's coin; absent on the Tax page, where the form offers the coins held. */
  coinId?: string | undefined;
  /** The scope to start from: a portfolio id or 'all'. */
  portfolioId?: string | undefined;
}

/** "Ethereum (ETH)"; the id until the coin list has loaded. Not the page's helper: see what-if-result. */
function coinLabel(coins: ReadonlyMap<string, { name: string; symbol: string }>, coinId: string): string {
  const c = coins.get(coinId);
  if (!c) return coinId;
  const symbol = c.symbol.toUpperCase();
  return c.name.toUpperCase() === symbol ? c.name : `${c.name} (${symbol})`;
}

/**
 * "2,000.50" → "2000.50": thousands separators and spaces go, as in the transaction form. Written
 * out rather than imported from core: importing it here moved it into the parts every page loads.
 */
const plainDecimal = (text: string) => text.replace(/[,\s\u00a0\u202f]/g, '');

const inputClass = (invalid: boolean | undefined) => `${controlClass(invalid)} w-full min-w-0`;

/**
 * "What if I sell?": a sale tried against the lots held, before it is made. The form takes the
 * coin (fixed on the coin page), a quantity, and optionally a price (the price now by default),
 * fees, a date and a portfolio; the server answers with the lots the sale would use and the tax
 * at the account's rates. Nothing is saved.
 */
export function WhatIfSection(props: WhatIfSectionProps) {
  // Another coin (the coin page's next coin) or the page's other portfolio starts a fresh form.
  return <WhatIfForm key={`${props.coinId}|${props.portfolioId}`} {...props} />;
}

function WhatIfForm({ coinId, portfolioId: startScope = 'all' }: WhatIfSectionProps) {
  const [scope, setScope] = useState(startScope);
  const [chosenCoin, setChosenCoin] = useState('');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [fees, setFees] = useState('');
  const [date, setDate] = useState('');
  const lots = useQuery(lotsQuery(scope));
  const { data: portfolios } = useQuery(whatIfPortfoliosQuery());
  const coins = useCoinLookup();
  const moneyIn = useMoneyIn();
  const sale = useMutation({ mutationFn: requestWhatIf });

  const heldCoins = (lots.data?.coins ?? []).filter((c) => c.summary.quantity !== '0');
  const coin = coinId ?? (chosenCoin !== '' ? chosenCoin : (heldCoins[0]?.coin_id ?? ''));
  const held = heldCoins.find((c) => c.coin_id === coin);
  const currency = lots.data?.currency;
  const priceNow =
    held?.current_price != null && currency !== undefined ? moneyIn(held.current_price, currency) : null;
  const fieldErrors = isApiError(sale.error) ? sale.error.fieldErrors : {};
  const otherError =
    sale.error && Object.keys(fieldErrors).length === 0
      ? isApiError(sale.error)
        ? describeApiError(sale.error).message
        : 'The estimate could not be made. Please try again.'
      : null;
  const where = scope === 'all' ? 'in your portfolios' : 'in this portfolio';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: WhatIfBody = {
      coin_id: coin,
      quantity: plainDecimal(quantity),
      ...(price.trim() === '' ? {} : { price_per_coin: plainDecimal(price) }),
      ...(fees.trim() === '' ? {} : { fees_percentage: plainDecimal(fees) }),
      ...(scope === 'all' ? {} : { portfolio_id: scope }),
      ...(date === '' ? {} : { date }),
    };
    sale.mutate(body);
  };

  return (
    <section aria-labelledby="what-if-heading" className="mt-6 rounded-xl border border-line bg-surface p-4">
      <h2 id="what-if-heading" className="font-semibold">
        What if I sell?
      </h2>
      <p className="text-sm text-muted">
        See what a sale would cost in tax before you make it: the lots it would use under your tax rule and
        the tax at your rates. Nothing is saved.
      </p>
      {lots.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Loading your lots…
        </p>
      ) : lots.error ? (
        <p role="alert" className="mt-3 text-sm">
          Could not load your lots. Please try again.
        </p>
      ) : coinId !== undefined && scope === 'all' && !held ? (
        // The coin page of a coin not held: nothing to try a sale on.
        <p className="mt-3 text-sm text-muted">
          You hold none of {coinLabel(coins, coinId)} in your portfolios.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {coinId === undefined && (
            <Field label="Coin" errors={fieldErrors.coin_id}>
              {(control) => (
                <select
                  {...control}
                  value={coin}
                  onChange={(e) => setChosenCoin(e.target.value)}
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
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
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
                value={price}
                onChange={(e) => setPrice(e.target.value)}
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
                value={fees}
                onChange={(e) => setFees(e.target.value)}
                className={inputClass(control['aria-invalid'])}
              />
            )}
          </Field>
          <Field label="Sale date" errors={fieldErrors.date} hint="Empty for today">
            {(control) => (
              <input
                {...control}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                className={inputClass(control['aria-invalid'])}
              />
            )}
          </Field>
          <Field label="Portfolio" errors={fieldErrors.portfolio_id}>
            {(control) => (
              <select
                {...control}
                value={scope}
                onChange={(e) => setScope(e.target.value)}
                className={inputClass(control['aria-invalid'])}
              >
                <option value="all">All Portfolios</option>
                {(portfolios?.results ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit" variant="primary" disabled={sale.isPending || coin === ''}>
              {sale.isPending ? 'Estimating…' : 'Estimate the tax'}
            </Button>
            {held && (
              <Button variant="ghost" onClick={() => setQuantity(held.summary.quantity)}>
                Sell all
              </Button>
            )}
          </div>
        </form>
      )}
      {otherError !== null && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {otherError}
        </p>
      )}
      {sale.data && !sale.isPending && <WhatIfResult result={sale.data} />}
    </section>
  );
}
