import type { SellTransaction } from '@app/contracts';
import { type RowFigures, recalculate } from '@app/core';
import { btcDetail } from './render';

/** 1,000 sells of 0.0025 BTC from 100,000 up: the 2 BTC run out at sell 800, the rest are capped at 0. */
export const thousandSells: SellTransaction[] = Array.from({ length: 1000 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  coins_sold: '0.0025',
  price_per_coin: String(100_000 + i * 10),
  fees_percentage: '0.1',
  price_impact_percentage: '0',
  sell_tax: '20',
  transaction_order: i + 1,
}));

export const thousandSellPlan = { ...btcDetail, transactions: thousandSells };

/** The decimal reference's figures for the plan (the projection and market of btcDetail). */
const reference = recalculate(thousandSells, '2', '20', {
  investedCapital: '10000',
  circulatingSupply: '20000000',
  currentPrice: 100000,
  athPrice: 125000,
});

export function referenceFigures(n: number): RowFigures {
  const row = reference.rows[n - 1];
  if (row === undefined) throw new Error(`no sell ${n}`);
  return row;
}

// A 1,000-row plan renders and recalculates per keystroke; a busy machine needs room.
export const slowTest = 30_000;
