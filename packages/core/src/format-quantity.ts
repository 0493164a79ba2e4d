import { numberFormat } from './intl-formats.ts';

/** Amounts show up to 8 decimals: coin quantities are cut there, never padded. */
export const quantityMaxDecimals = 8;

/**
 * A coin quantity for people: exact half-even rounding to at most 8 decimals, trailing zeros
 * dropped, thousands grouped. It works on the decimal string's digits (no decimal.js, so the app
 * shell that formats money stays small), so "3.360000000000000001" reads "3.36" without passing
 * through binary floating point; a JS number is read through its shortest round-trip string, which
 * is what the arithmetic meant ("3.3600000000000003" → "3.36").
 */
export function formatQuantity(
  value: string | number | null | undefined,
  locale = 'en-US',
  maxDecimals = quantityMaxDecimals,
): string {
  if (value === null || value === undefined || value === '') return '–';
  const rounded = roundDecimalString(toPlainString(value), maxDecimals);
  if (rounded === null) return '–';
  const negative = rounded.startsWith('-');
  const [int = '0', frac = ''] = (negative ? rounded.slice(1) : rounded).split('.');
  const parts = numberFormat(locale).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${frac ? `${decimal}${frac}` : ''}`;
}

function toPlainString(value: string | number): string {
  if (typeof value === 'string') return value.replaceAll(',', '').trim();
  if (!Number.isFinite(value)) return '';
  const shortest = String(value);
  // Exponent form (1e-7, 1e21) is written out; toFixed is exact for the binary value.
  if (!/e/i.test(shortest)) return shortest;
  // Beyond 1e21 every double is an integer (and toFixed answers in exponent form again).
  return Math.abs(value) >= 1e21 ? BigInt(value).toString() : value.toFixed(20);
}

/**
 * Rounds a plain decimal string half-even to `maxDecimals`, drops trailing zeros and a negative
 * zero; null when the text is not a plain decimal.
 */
export function roundDecimalString(text: string, maxDecimals: number): string | null {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const negative = m[1] === '-';
  let int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  let frac = m[3] ?? '';
  if (frac.length > maxDecimals) {
    const kept = frac.slice(0, maxDecimals);
    const rest = frac.slice(maxDecimals);
    const first = rest.charCodeAt(0) - 48;
    const tail = /[1-9]/.test(rest.slice(1));
    const lastKept = Number((kept || int).at(-1) ?? '0');
    const up = first > 5 || (first === 5 && (tail || lastKept % 2 === 1));
    frac = kept;
    if (up) {
      const digits = (BigInt(int + kept) + 1n).toString().padStart(int.length + kept.length, '0');
      int = digits.slice(0, digits.length - kept.length) || '0';
      frac = digits.slice(digits.length - kept.length);
    }
  }
  frac = frac.replace(/0+$/, '');
  const zero = /^0*$/.test(int) && frac === '';
  return `${negative && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

const groupedPercent = new Map<number, Intl.NumberFormat>();

/**
 * A percentage from a decimal string or number, with sign and thousands grouped like every other
 * figure: "+12.34%", "+10,150.11%"; blanks read "–".
 */
export function formatSignedPercent(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '–';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '–';
  const shown = Number(n.toFixed(decimals));
  let format = groupedPercent.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    groupedPercent.set(decimals, format);
  }
  const digits = format.format(Math.abs(shown));
  if (shown === 0) return `${digits}%`;
  return `${shown > 0 ? '+' : '-'}${digits}%`;
}

/**
 * A value to prefill into a form field: exact half-even rounding to `maxDecimals`, no grouping, no
 * trailing zeros ("27631.7473348" with 2 → "27631.75"), so a person sees what they would type.
 */
export function decimalForInput(value: string | null | undefined, maxDecimals: number): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  return roundDecimalString(value.trim(), maxDecimals) ?? '';
}
