import type { TaxReport } from '@app/contracts';
import { Dec } from '../decimal.ts';

/**
 * IRS Form 8949 columns (a) to (h), in the form's order; the term, the currency and the ids
 * follow, so the form's own columns stay where a reader expects them.
 */
export const form8949Header = [
  '(a) Description of property',
  '(b) Date acquired',
  '(c) Date sold or disposed of',
  '(d) Proceeds (sales price)',
  '(e) Cost or other basis',
  '(f) Code(s)',
  '(g) Amount of adjustment',
  '(h) Gain or (loss)',
  'Term',
  'Currency',
  'Portfolio ID',
  'Transaction ID',
] as const;

/** Names and dates first, then the figures and their currency, the ids last. */
export const genericCsvHeader = [
  'coin',
  'portfolio',
  'date_sold',
  'date_acquired',
  'quantity',
  'proceeds',
  'fee',
  'cost',
  'gain',
  'currency',
  'category',
  'matched_by',
  'days_held',
  'coin_id',
  'portfolio_id',
  'transaction_id',
  'acquisition_id',
] as const;

/** What the files call a coin and a portfolio; without them, their ids. */
export interface TaxCsvLabels {
  /** "Bitcoin (BTC)". */
  coin?: (coinId: string) => string;
  portfolio?: (portfolioId: string) => string;
  /** Demo mode: each 8949 description says so (the form keeps its header as the first line). */
  demo?: boolean;
}

/** Quantities in the files: 8 decimals at most, trailing zeros dropped. */
const quantityDecimals = 8;

/**
 * Form 8949 rows, one per lot a sale consumed: Part I (short-term) rows first, then Part II.
 * Column (d) is the gross sales price and the sale's fee is added to the basis in (e), as the
 * form's instructions for column (e) allow; (h) = (d) − (e) on the rounded cents, so every row
 * adds up on paper. A pool (no single acquisition date) is dated VARIOUS, as the form allows.
 * Lines whose figures are unknown are left out (the report lists them as needing a price).
 */
export function form8949Csv(report: TaxReport, labels: TaxCsvLabels = {}): string {
  const coin = labels.coin ?? ((c: string) => c);
  const decimals = minorUnits(report.currency);
  const rows: string[][] = [];
  for (const term of ['short', 'long'] as const) {
    for (const d of report.disposals) {
      for (const l of d.lines) {
        if (l.category !== term || l.proceeds === null || l.cost === null || l.fee === null) continue;
        const proceeds = money(l.proceeds, decimals);
        const basis = money(new Dec(l.cost).add(l.fee), decimals);
        rows.push([
          `${quantity(l.quantity)} ${coin(d.coin_id)}${labels.demo ? ' (demo data)' : ''}`,
          l.acquired_on === null ? 'VARIOUS' : usDate(l.acquired_on),
          usDate(d.sold_on),
          proceeds.toFixed(decimals),
          basis.toFixed(decimals),
          '',
          '',
          proceeds.sub(basis).toFixed(decimals),
          term === 'short' ? 'Short-term' : 'Long-term',
          report.currency.toUpperCase(),
          d.portfolio_id,
          d.transaction_id,
        ]);
      }
    }
  }
  return toCsv([form8949Header as readonly string[], ...rows]);
}

/**
 * Every line of every disposal, for any rule: money rounded to the currency's minor unit (cents),
 * the gain worked from the rounded figures so each row adds up; the exact values stay in the API.
 */
export function genericTaxCsv(report: TaxReport, labels: TaxCsvLabels = {}): string {
  const coin = labels.coin ?? ((c: string) => c);
  const portfolio = labels.portfolio ?? ((p: string) => p);
  const decimals = minorUnits(report.currency);
  const rounded = (value: string | null) => (value === null ? null : money(value, decimals));
  const rows: string[][] = [];
  for (const d of report.disposals) {
    for (const l of d.lines) {
      const proceeds = rounded(l.proceeds);
      const fee = rounded(l.fee);
      const cost = rounded(l.cost);
      const gain =
        proceeds === null || fee === null || cost === null || l.gain === null
          ? null
          : proceeds.sub(fee).sub(cost);
      rows.push([
        coin(d.coin_id),
        portfolio(d.portfolio_id),
        d.sold_on,
        l.acquired_on ?? '',
        quantity(l.quantity),
        proceeds?.toFixed(decimals) ?? '',
        fee?.toFixed(decimals) ?? '',
        cost?.toFixed(decimals) ?? '',
        gain?.toFixed(decimals) ?? '',
        report.currency.toUpperCase(),
        l.category,
        l.basis,
        l.days_held === null ? '' : String(l.days_held),
        d.coin_id,
        d.portfolio_id,
        d.transaction_id,
        l.acquisition_id ?? '',
      ]);
    }
  }
  return toCsv([genericCsvHeader as readonly string[], ...rows]);
}

/** Digits after the point of a currency's smallest unit: 2 for dollars, 0 for yen, 8 for coins. */
export function minorUnits(currency: string): number {
  const code = currency.toUpperCase();
  if (code === 'BTC' || code === 'ETH') return 8;
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

function money(value: string | Dec, decimals: number): Dec {
  return new Dec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
}

function quantity(value: string): string {
  return new Dec(value).toDecimalPlaces(quantityDecimals, Dec.ROUND_HALF_UP).toFixed();
}

function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; text that a spreadsheet would run as a formula gets a leading quote. */
function cell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d/.test(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
