import type { ExchangeRates } from '@app/contracts';

/**
 * Converts a USD amount into another currency through BTC-based rates (CoinGecko's
 * /exchange_rates shape: units of X per 1 BTC), so one table serves fiat and crypto.
 * Returns null when either rate is missing rather than guessing.
 */
export function convertFromUsd(amount: number, currency: string, rates: ExchangeRates): number | null {
  const target = rates.rates[currency.toLowerCase()];
  const usd = rates.rates.usd;
  if (!target || !usd) return null;
  return (amount * target.value) / usd.value;
}

/** How many units of `currency` one USD buys; null when unknown. */
export function usdRate(currency: string, rates: ExchangeRates): number | null {
  return convertFromUsd(1, currency, rates);
}
