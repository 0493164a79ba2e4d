import { formatCoinQuantity } from '@/lib/quantity';
import { formatMoney } from '@/lib/settings';

const multipleFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts show up to 8 decimals (exact, trimmed; masked in privacy mode). */
export function formatCoins(value: string | number | null | undefined): string {
  return formatCoinQuantity(value);
}

/** A ratio such as "2.50×" (ROI multiple, price as a multiple of the current price or ATH). */
export function formatMultiple(value: string | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const n = Number(value);
  return Number.isFinite(n) ? `${multipleFormat.format(n)}×` : '–';
}

/** Money in the projection's own currency (see the README note on currencies). */
export function money(value: string | number | null | undefined, currency: string): string {
  return formatMoney(value, currency);
}

export const currencyCode = (currency: string) => currency.toUpperCase();
