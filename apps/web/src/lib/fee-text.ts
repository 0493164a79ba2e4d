import { isFiat } from '@app/core';
import { formatCoinQuantity } from './quantity';

/**
 * A fee in its own currency: money in the portfolio's or another fiat currency, or a
 * coin amount ("0.0075 BNB"); never the coin amount shown as if it were money.
 */
export function feeText(
  fee: string,
  feeCurrency: string | null | undefined,
  currency: string,
  money: (value: string, currency: string) => string,
): string {
  const own = feeCurrency?.toLowerCase();
  if (!own || own === currency.toLowerCase()) return money(fee, currency);
  return isFiat(own) ? money(fee, own) : `${formatCoinQuantity(fee)} ${own.toUpperCase()}`;
}
