import { Dec } from '@app/core';

/** Units of each currency per 1 USD (MarketReader.getUsdRates). */
export type UsdRates = Record<string, number>;

/**
 * amount in `from` → `to` at today's rate. Stored prices stay in the portfolio's currency; only
 * display figures are converted, so a cost basis in another currency moves with today's rate.
 * Null when either rate is unknown (the figure is then not shown rather than shown wrong).
 */
export function currencyFactor(rates: UsdRates, from: string, to: string): Dec | null {
  if (from === to) return new Dec(1);
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  return new Dec(toRate).div(new Dec(fromRate));
}
