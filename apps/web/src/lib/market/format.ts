import { dateFormat, numberFormat } from '@app/core';

/** Percent with sign and two decimals; blanks show as an en dash. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/** Large non-money counts (supply, followers) in compact form. */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return numberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** A day in the reader's locale, "Nov 20, 2026" or "20. Nov. 2026" (UTC, so server and browser agree). */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '–';
  return dateFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    d,
  );
}
