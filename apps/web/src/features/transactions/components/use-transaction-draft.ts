import {
  type LotChoiceLine,
  type RewardKind,
  type Transaction,
  type TransactionCreateBody,
  type TransactionType,
  unknownCostMessages,
} from '@app/contracts';
import { currencyDecimals, decimalForInput, normalizeDecimalInput } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useDayPrice } from '@/lib/market/use-day-price';
import { useSeenCoins } from '@/lib/offline/use-seen-coins';
import { useQuantityFormatter } from '@/lib/quantity';
import { saleDraftOf } from '@/lib/sale-draft';
import { useMoneyIn } from '@/lib/settings';
import { availableQuery, coinChoicesQuery } from '../api/transactions-api';
import { type CoinChoice, resolveTyped } from './coin-match';
import { initialFeeCurrency, resolveFeeCurrency } from './fee-currency-choice';

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

/**
 * What the transaction form holds and what follows from it: every field's text, the coin it
 * names, the day's close offered as the price, the fee's currency and the body saving would send.
 * All of it lives in the form itself; its parts only show it and call the setters.
 */
export function useTransactionDraft(
  portfolios: readonly FormPortfolio[],
  editing: Transaction | undefined,
  fromDraft: boolean | undefined,
) {
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

  return {
    portfolioId,
    setPortfolioId,
    coinText,
    setCoinText,
    setPicked,
    type,
    setType,
    quantity,
    setQuantity,
    setPrice,
    setPriceTouched,
    setPinnedPrice,
    fee,
    setFee,
    recordFeeSale,
    setRecordFeeSale,
    feeState,
    setFeeState,
    date,
    setDate,
    note,
    setNote,
    rewardKind,
    setRewardKind,
    lots,
    setLots,
    forgetLots,
    errors,
    setErrors,
    moneyIn,
    q,
    top,
    coin,
    coinId,
    currency,
    price,
    priceHint,
    feeError,
    feeCode,
    held,
    body,
    candidate: body(),
  };
}

export type TransactionDraft = ReturnType<typeof useTransactionDraft>;
