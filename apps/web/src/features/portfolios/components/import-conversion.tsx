import type { CsvRowConversion } from '@app/contracts';
import { formatQuantity } from '@app/core';

const sourceNames: Record<string, string> = {
  coingecko: 'CoinGecko',
  binance: 'Binance',
  coinbase: 'Coinbase',
};

/**
 * Where a row's rate comes from, as the reader should weigh it: a provider's daily close, or the
 * demo market's fixed rate, which is no real rate of that day.
 */
export function rateSourceText(source: string): string {
  if (source === 'demo') return 'demo rate, not that day’s real rate';
  const names = source.split('+').map((s) => sourceNames[s] ?? s);
  return `daily close from ${names.join(' and ')}`;
}

/** "1 CAD = 0.625 EUR on 2021-01-30 (daily close from CoinGecko)". */
export function conversionText(c: CsvRowConversion): string {
  return `1 ${c.from} = ${formatQuantity(c.rate)} ${c.to} on ${c.day} (${rateSourceText(c.source)})`;
}

/** The amount as the file gave it, under the converted one. */
export function OriginalAmount({
  amount,
  conversion,
  money,
}: {
  amount: string | null;
  conversion: CsvRowConversion;
  money: (value: string, currency: string) => string;
}) {
  if (amount === null) return null;
  return (
    <span className="block text-muted">
      <span className="sr-only">In the file: </span>
      {money(amount, conversion.from)}
    </span>
  );
}
