import { Dec } from './decimal.ts';

/** Spec §2 "Amounts show up to 8 decimals": coin quantities are cut there, never padded. */
export const quantityMaxDecimals = 8;

/**
 * A coin quantity for people: exact decimal rounding (half-even) to at most 8 decimals, trailing
 * zeros dropped, thousands grouped. Works on the decimal string so "3.360000000000000001" reads
 * "3.36" without ever passing through binary floating point; a JS number is read through its
 * shortest round-trip string, which is what the arithmetic meant ("3.3600000000000003" → "3.36").
 */
export function formatQuantity(
  value: string | number | null | undefined,
  locale = 'en-US',
  maxDecimals = quantityMaxDecimals,
): string {
  if (value === null || value === undefined || value === '') return '–';
  let d: Dec;
  try {
    d = new Dec(typeof value === 'number' ? value : value.replaceAll(',', '').trim());
  } catch {
    return '–';
  }
  if (!d.isFinite()) return '–';
  const rounded = d.toDecimalPlaces(maxDecimals);
  const fixed = rounded.isZero() ? '0' : rounded.toFixed();
  const negative = fixed.startsWith('-');
  const [int = '0', frac = ''] = (negative ? fixed.slice(1) : fixed).split('.');
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const trimmed = frac.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${trimmed ? `${decimal}${trimmed}` : ''}`;
}

/** A percentage from a decimal string or number, with sign: "+12.34%"; blanks read "–". */
export function formatSignedPercent(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '–';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '–';
  const shown = Number(n.toFixed(decimals));
  if (shown === 0) return `${(0).toFixed(decimals)}%`;
  return `${shown > 0 ? '+' : ''}${shown.toFixed(decimals)}%`;
}

/**
 * A value to prefill into a form field: exact half-even rounding to `maxDecimals`, no grouping, no
 * trailing zeros ("27631.747334812" with 2 → "27631.75"), so a person sees what they would type.
 */
export function decimalForInput(value: string | null | undefined, maxDecimals: number): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  try {
    const d = new Dec(value.trim()).toDecimalPlaces(maxDecimals);
    if (!d.isFinite()) return '';
    const fixed = d.isZero() ? '0' : d.toFixed();
    return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  } catch {
    return '';
  }
}
