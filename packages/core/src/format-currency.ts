/**
 * Currency decimals: 0 at 1M or more, 2 at 1 or more, 3 at 0.01 or more,
 * more for smaller values (enough for four significant digits), up to 10.
 */
export function currencyDecimals(value: number): number {
  const v = Math.abs(value);
  if (!Number.isFinite(v) || v === 0) return 2;
  if (v >= 1_000_000) return 0;
  if (v >= 1) return 2;
  if (v >= 0.01) return 3;
  const leadingZeros = -Math.floor(Math.log10(v)) - 1;
  return Math.min(10, leadingZeros + 4);
}

import { numberFormat } from './intl-formats.ts';

const cryptoUnits: Record<string, string> = { btc: '₿', eth: 'Ξ' };

/** Formats a price or value in the user's base currency with the spec's decimals. */
export function formatCurrency(value: number, currency = 'usd', locale = 'en-US'): string {
  const decimals = currencyDecimals(value);
  const code = currency.toLowerCase();
  const unit = cryptoUnits[code];
  if (unit !== undefined) {
    const body = numberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
    return `${unit}${body}`;
  }
  return numberFormat(locale, {
    style: 'currency',
    currency: code.toUpperCase(),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
