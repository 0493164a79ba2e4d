import type { CalendarDay } from './dates.ts';
import type { LotChoiceInput } from './lot-choice.ts';

/** One sale tried against the books (see whatIfSale). */
export interface WhatIfSaleInput {
  coinId: string;
  /** null: all portfolios. */
  portfolioId: string | null;
  quantity: string;
  pricePerCoin: string;
  feesPercentage: string;
  day: CalendarDay;
  shortRate: string;
  longRate: string;
  /** The figures' currency: the law's fixed allowances apply only in their own. */
  currency: string;
  /** custom rule only: the yearly allowance from the settings; null or absent: none. */
  yearlyAllowance?: string | null | undefined;
  /** A history of settings: each earlier year's custom allowance, for the losses it carried. */
  yearlyAllowanceOf?: ((year: number) => string | null | undefined) | undefined;
  /**
   * US rule: the lots the sale names, adding up to the quantity (the caller checks they are held:
   * choiceAgainstLots); absent: the method of the year. Other rules fix the matching and ignore it.
   */
  lots?: readonly LotChoiceInput[] | undefined;
}
