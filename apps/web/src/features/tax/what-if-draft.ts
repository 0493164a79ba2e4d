import type { WhatIfBody } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lotsQuery } from '@/lib/tax/tax-api';

/**
 * "2,000.50" → "2000.50": thousands separators and spaces go, as in the transaction form. Written
 * out rather than imported from core: importing it here moved it into the parts every page loads.
 */
const plainDecimal = (text: string) => text.replace(/[,\s\u00a0\u202f]/g, '');

/**
 * The sale being tried, as typed: the scope and the lots held in it, the coin (fixed on the coin
 * page, else the one chosen or the first held), and the figures, with the body they make.
 */
export function useWhatIfDraft(coinId: string | undefined, startScope: string) {
  const [scope, setScope] = useState(startScope);
  const [chosenCoin, setChosenCoin] = useState('');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [fees, setFees] = useState('');
  const [date, setDate] = useState('');
  const lots = useQuery(lotsQuery(scope));

  const heldCoins = (lots.data?.coins ?? []).filter((c) => c.summary.quantity !== '0');
  const coin = coinId ?? (chosenCoin !== '' ? chosenCoin : (heldCoins[0]?.coin_id ?? ''));
  const held = heldCoins.find((c) => c.coin_id === coin);

  const body = (): WhatIfBody => ({
    coin_id: coin,
    quantity: plainDecimal(quantity),
    ...(price.trim() === '' ? {} : { price_per_coin: plainDecimal(price) }),
    ...(fees.trim() === '' ? {} : { fees_percentage: plainDecimal(fees) }),
    ...(scope === 'all' ? {} : { portfolio_id: scope }),
    ...(date === '' ? {} : { date }),
  });

  return {
    scope,
    setScope,
    setChosenCoin,
    quantity,
    setQuantity,
    price,
    setPrice,
    fees,
    setFees,
    date,
    setDate,
    lots,
    heldCoins,
    coin,
    held,
    body,
  };
}

export type WhatIfDraft = ReturnType<typeof useWhatIfDraft>;
