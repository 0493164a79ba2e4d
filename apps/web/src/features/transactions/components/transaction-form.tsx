import {
  costBasisMethodLabels,
  type LotChoiceLine,
  type RewardKind,
  type Transaction,
  type TransactionCreateBody,
  type TransactionPreviewResponse,
  type TransactionType,
  transactionTypeLabels,
  transactionTypes,
  unknownCostMessages,
} from '@app/contracts';
import { currencyDecimals, decimalForInput, normalizeDecimalInput } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { Private } from '@/components/ui/private-value';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { useDayPrice } from '@/lib/market/use-day-price';
import { useSeenCoins } from '@/lib/offline/use-seen-coins';
import { oversellText, withOversellWritten } from '@/lib/oversell-text';
import { useQuantityFormatter } from '@/lib/quantity';
import { saleDraftOf } from '@/lib/sale-draft';
import { useMoneyIn } from '@/lib/settings';
import { availableQuery, coinChoicesQuery, previewTransaction } from '../api/transactions-api';
import { CoinCombobox } from './coin-combobox';
import { type CoinChoice, resolveTyped } from './coin-match';
import { initialFeeCurrency, resolveFeeCurrency } from './fee-currency-choice';
import { FeeCurrencyField } from './fee-currency-field';

// A sale's "Choose lots" loads when the form is for a sale: most transactions never need it.
const LotChoiceSection = lazy(() =>
  import('./lot-choice-section').then((m) => ({ default: m.LotChoiceSection })),
);

export interface FormPortfolio {
  id: string;
  name: string;
  currency: string;
}

/** datetime-local wants local wall time without a zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function TransactionForm({
  portfolios,
  editing,
  draft: fromDraft,
  onSubmit,
  onCancel,
}: {
  portfolios: readonly FormPortfolio[];
  editing?: Transaction | undefined;
  /** Opened for the sale the location's state proposes (the what-if's lowest-tax lots), filled in. */
  draft?: boolean | undefined;
  onSubmit: (body: TransactionCreateBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { state } = useLocation();
  const [draft] = useState(() => (fromDraft && !editing ? saleDraftOf(state) : undefined));
  const [portfolioId, setPortfolioId] = useState(
    editing?.portfolio_id ?? draft?.portfolio_id ?? portfolios[0]?.id ?? '',
  );
  const [coinText, setCoinText] = useState(editing?.coin_id ?? draft?.coin_id ?? '');
  const [picked, setPicked] = useState<CoinChoice | null>(null);
  const [type, setType] = useState<TransactionType>(editing?.type ?? (draft ? 'sell' : 'buy'));
  const [quantity, setQuantity] = useState(
    editing?.quantity ? decimalForInput(editing.quantity, 18) : (draft?.quantity ?? ''),
  );
  const [typedPrice, setPrice] = useState(
    editing?.price_per_coin ? decimalForInput(editing.price_per_coin, 10) : (draft?.price_per_coin ?? ''),
  );
  // Once the person types a price, the day's close never overwrites it.
  const [priceTouched, setPriceTouched] = useState(editing !== undefined || draft !== undefined);
  // What the price field showed when it got focus, kept until it loses it: a day's close arriving
  // in between would replace the text under the cursor, and the digits typed next would land after
  // it ("102391.95" then "100" saved 102391.951).
  const [pinnedPrice, setPinnedPrice] = useState<string | null>(null);
  const [fee, setFee] = useState(editing?.fee ? decimalForInput(editing.fee, 18) : '0');
  const [recordFeeSale, setRecordFeeSale] = useState(false);
  const [feeState, setFeeState] = useState(() =>
    initialFeeCurrency(
      editing?.fee_currency,
      portfolios.find((p) => p.id === editing?.portfolio_id)?.currency ?? '',
      editing?.coin_id,
    ),
  );
  const [date, setDate] = useState(toLocalInput(editing?.executed_at ?? new Date().toISOString()));
  const [note, setNote] = useState(editing?.note ?? '');
  const [rewardKind, setRewardKind] = useState<RewardKind>(editing?.reward_kind ?? 'staking');
  // A sale's named lots: undefined until touched (an edit then keeps the stored choice), null for none.
  const [lots, setLots] = useState<LotChoiceLine[] | null | undefined>(draft?.lots);
  // Lots belong to one portfolio and coin: another one makes the choice meaningless.
  const forgetLots = () => setLots(editing ? null : undefined);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<TransactionPreviewResponse | null>(null);
  const moneyIn = useMoneyIn();
  const q = useQuantityFormatter();
  const coins = useQuery(coinChoicesQuery());
  const seen = useSeenCoins();
  // The coins seen on this device come after the market's own list: without a network they are
  // what the field can find, so a transaction can be entered offline for any coin seen before.
  const top = useMemo(() => {
    const market = coins.data?.cryptocurrencies ?? [];
    const listed = new Set(market.map((c) => c.id));
    return [...market, ...seen.filter((c) => !listed.has(c.id))];
  }, [coins.data, seen]);
  // A picked coin, or typed text that names exactly one coin; otherwise the text as an id (the server checks it).
  const coin = picked ?? resolveTyped(top, coinText);
  const coinId = coin?.id ?? coinText.trim().toLowerCase();
  const available = useQuery(availableQuery(portfolioId));
  const currency = portfolios.find((p) => p.id === portfolioId)?.currency ?? 'usd';
  const priced = type === 'buy' || type === 'sell';
  const dayPrice = useDayPrice(coin?.id ?? '', currency, new Date(date), priced && !priceTouched);
  const prefill =
    dayPrice && !priceTouched
      ? decimalForInput(String(dayPrice.price), Math.max(2, currencyDecimals(dayPrice.price)))
      : null;
  // Derived, not copied in an effect: an effect that lands after a keystroke would overwrite what was typed.
  const price = priceTouched ? typedPrice : (pinnedPrice ?? prefill ?? typedPrice);
  const priceHint =
    type === 'reward'
      ? 'Leave 0 for a zero cost basis'
      : type === 'transfer_in' && normalizeDecimalInput(price) === ''
        ? unknownCostMessages.transferInWithoutPrice
        : prefill === null || !dayPrice
          ? undefined
          : price === prefill
            ? `${dayPrice.label}; edit it to the price you paid`
            : `${dayPrice.label}: ${prefill}; leave the field empty to use it`;
  const feeCurrency = resolveFeeCurrency(feeState, currency, coin);
  // The fee's currency matters only for a fee: a zero fee is sent without one.
  const feeGiven = Number(normalizeDecimalInput(fee) || '0') > 0;
  const feeError = feeGiven && 'error' in feeCurrency ? feeCurrency.error : null;
  const feeCode = 'code' in feeCurrency ? feeCurrency.code : undefined;
  const held = available.data?.cryptocurrencies.find(
    (c) => c.id === coinId && c.portfolio_id === portfolioId,
  );

  const body = (): TransactionCreateBody | null => {
    const at = new Date(date);
    if (!portfolioId || !coinId || !quantity || Number.isNaN(at.getTime()) || feeError) return null;
    return {
      portfolio_id: portfolioId,
      coin_id: coinId,
      type,
      quantity: normalizeDecimalInput(quantity),
      // A transfer in without a price has a cost nobody knows: sent as such, never as 0.
      price_per_coin: normalizeDecimalInput(price) || (type === 'transfer_in' ? null : '0'),
      fee: normalizeDecimalInput(fee) || '0',
      // A fee in another currency (USD, BNB) is sent with it, also on edit: the server values it
      // on its day; dropping it would read the amount as the portfolio's currency.
      ...(feeGiven && feeCode ? { fee_currency: feeCode } : {}),
      // The BNB paid as its own sale, in the same write (new transactions only).
      ...(!editing && feeGiven && feeCode && feeState.choice === 'other' && recordFeeSale
        ? { record_fee_sale: true }
        : {}),
      date: at.toISOString(),
      note,
      ...(type === 'reward' ? { reward_kind: rewardKind } : {}),
    };
  };
  const candidate = body();
  const candidateKey = JSON.stringify(candidate);

  // Validate-and-preview while typing: what saving would do to the holding.
  useEffect(() => {
    const parsed = candidateKey === 'null' ? null : (JSON.parse(candidateKey) as TransactionCreateBody);
    if (!parsed) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewTransaction({ ...parsed, ...(editing ? { transaction_id: editing.id } : {}) }, controller.signal)
        .then((p) => {
          setPreview(p);
          setErrors((e) => ({ ...e, quantity: p.violation ? [oversellText(p.violation)] : [] }));
        })
        .catch((error: unknown) => {
          setPreview(null);
          if (isApiError(error)) setErrors(error.fieldErrors);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [candidateKey, editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = body();
    const next = typed && type === 'sell' && lots !== undefined ? { ...typed, lots } : typed;
    if (!next) {
      setErrors({
        ...(coinId ? {} : { coin_id: ['Choose a coin'] }),
        ...(quantity ? {} : { quantity: ['Quantity must be greater than 0'] }),
        ...(feeError ? { fee_currency: [feeError] } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(next);
    } catch (error) {
      if (isApiError(error)) setErrors(withOversellWritten(error.fieldErrors, error.details));
    } finally {
      setBusy(false);
    }
  }

  const money = (v: string | null) => moneyIn(v, currency);
  const positive = (v: string | undefined) => (v !== undefined && !/^0*(\.0*)?$/.test(v) ? v : null);
  const unknownAfter = positive(preview?.unknown_cost_quantity_after);
  const unknownRemoved = positive(preview?.unknown_cost_quantity_removed);
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? 'Edit transaction' : 'Add transaction'}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field label="Portfolio" errors={errors.portfolio_id}>
        {(control) => (
          <select
            {...control}
            value={portfolioId}
            onChange={(e) => {
              setPortfolioId(e.target.value);
              forgetLots();
            }}
            className={controlClass(control['aria-invalid'])}
          >
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Type">
        {(control) => (
          <select
            {...control}
            value={type}
            onChange={(e) => setType(e.target.value as TransactionType)}
            className={controlClass(control['aria-invalid'])}
          >
            {transactionTypes.map((t) => (
              <option key={t} value={t}>
                {transactionTypeLabels[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CoinCombobox
        top={top}
        text={coinText}
        onText={(text) => {
          setCoinText(text);
          setPicked(null);
          forgetLots();
        }}
        selected={coin}
        onSelect={(c) => {
          setPicked(c);
          setCoinText(c.name);
          forgetLots();
        }}
        errors={errors.coin_id}
        hint={
          held
            ? `${q(held.available_quantity)} ${coin?.symbol.toUpperCase() ?? ''} held in this portfolio`
            : coin
              ? `${coin.name} (${coin.symbol.toUpperCase()})`
              : 'Type a name or symbol and choose from the list'
        }
      />
      {type === 'reward' && (
        <Field label="Reward kind">
          {(control) => (
            <select
              {...control}
              value={rewardKind}
              onChange={(e) => setRewardKind(e.target.value as RewardKind)}
              className={controlClass(control['aria-invalid'])}
            >
              <option value="staking">Staking</option>
              <option value="airdrop">Airdrop</option>
              <option value="other">Other</option>
            </select>
          )}
        </Field>
      )}
      <TextField
        label="Quantity"
        inputMode="decimal"
        value={quantity}
        errors={errors.quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <TextField
        label={`Price per coin (${currency.toUpperCase()})`}
        inputMode="decimal"
        value={price}
        errors={errors.price_per_coin}
        hint={priceHint}
        onFocus={() => setPinnedPrice(price)}
        onBlur={() => setPinnedPrice(null)}
        onChange={(e) => {
          setPriceTouched(true);
          setPrice(e.target.value);
        }}
      />
      <TextField
        label={
          feeCode || feeState.choice === 'portfolio' ? `Fee (${(feeCode ?? currency).toUpperCase()})` : 'Fee'
        }
        inputMode="decimal"
        value={fee}
        errors={errors.fee}
        onChange={(e) => setFee(e.target.value)}
      />
      <FeeCurrencyField
        state={feeState}
        onChange={(next) => {
          setFeeState(next);
          setErrors((e) => ({ ...e, fee_currency: [] }));
        }}
        currency={currency}
        coin={coin}
        top={top}
        errors={errors.fee_currency}
        sale={
          editing
            ? undefined
            : {
                checked: recordFeeSale,
                onChange: (checked) => {
                  setRecordFeeSale(checked);
                  setErrors((e) => ({ ...e, record_fee_sale: [] }));
                },
                errors: errors.record_fee_sale,
              }
        }
      />
      <TextField
        label="Date and time"
        type="datetime-local"
        value={date}
        errors={errors.date}
        onChange={(e) => setDate(e.target.value)}
      />
      <TextField
        label="Note"
        value={note}
        errors={errors.note}
        onChange={(e) => setNote(e.target.value)}
        className="sm:col-span-2"
      />
      {type === 'sell' && candidate && (
        <Suspense fallback={null}>
          <LotChoiceSection
            portfolioId={candidate.portfolio_id}
            coinId={candidate.coin_id}
            date={candidate.date}
            quantity={candidate.quantity}
            transactionId={editing?.id}
            value={lots}
            onChange={(next) => {
              setLots(next);
              // Like every field's, the choice's errors clear once it is edited.
              setErrors((e) =>
                Object.fromEntries(
                  Object.entries(e).filter(([k]) => !k.startsWith('lots') && k !== 'non_field_errors'),
                ),
              );
            }}
            errors={errors}
            currency={currency}
          />
        </Suspense>
      )}
      {preview && !preview.violation && (
        <output
          aria-label="Preview"
          className="rounded-lg bg-surface-2 p-3 text-sm sm:col-span-2 lg:col-span-4"
        >
          After this: holding <Private>{q(preview.holding_after)}</Private> (was{' '}
          <Private>{q(preview.holding_before)}</Private>), cost basis{' '}
          <Private>{money(preview.cost_basis_after)}</Private>
          {unknownAfter && (
            <>
              {' '}
              (<Private>{unknownCostMessages.unknownCostUnits(q(unknownAfter))}</Private>)
            </>
          )}
          {preview.average_cost_after !== null ? (
            <>
              , average cost <Private>{money(preview.average_cost_after)}</Private>
            </>
          ) : (
            unknownAfter && <>, average cost: {unknownCostMessages.costUnknown}</>
          )}
          {preview.realized_pnl !== null ? (
            <>
              , realized P&amp;L <Private>{money(preview.realized_pnl)}</Private>
              {unknownRemoved && (
                <>
                  {' '}
                  (leaves out <Private>{q(unknownRemoved)}</Private> at {unknownCostMessages.costUnknown})
                </>
              )}
            </>
          ) : (
            type === 'sell' && unknownRemoved && <>, realized P&amp;L: {unknownCostMessages.costUnknown}</>
          )}
          . Method: {costBasisMethodLabels[preview.method]}.
          {(preview.lots_without_cost_after ?? 0) > 0 &&
            ` ${unknownCostMessages.lotsWithoutCost(preview.lots_without_cost_after ?? 0)}.`}
          {preview.fee_without_price &&
            ` The fee in ${(feeCode ?? '').toUpperCase()} has no rate or price for that day and is left out.`}
        </output>
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary" disabled={busy}>
          {editing ? 'Save transaction' : 'Add transaction'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
