import type { TaxReport } from '@app/contracts';
import { Dec } from '../decimal.ts';

/** IRS Form 8949 columns (a) to (h), in the form's order; the term follows as the last column. */
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
] as const;

export const genericCsvHeader = [
  'portfolio_id',
  'transaction_id',
  'coin_id',
  'date_sold',
  'date_acquired',
  'matched_by',
  'category',
  'quantity',
  'proceeds',
  'fee',
  'cost',
  'gain',
  'days_held',
  'currency',
] as const;

/**
 * Form 8949 rows, one per lot a sale consumed: Part I (short-term) rows first, then Part II.
 * Column (d) is the gross sales price and the sale's fee is added to the basis in (e), as the
 * form's instructions for column (e) allow; (h) = (d) − (e) on the rounded cents, so every row
 * adds up on paper. A pool (no single acquisition date) is dated VARIOUS, as the form allows.
 * Lines whose figures are unknown are left out (the report lists them as needing a price).
 */
export function form8949Csv(report: TaxReport, describe: (coinId: string) => string = (c) => c): string {
  const rows: string[][] = [];
  for (const term of ['short', 'long'] as const) {
    for (const d of report.disposals) {
      for (const l of d.lines) {
        if (l.category !== term || l.proceeds === null || l.cost === null || l.fee === null) continue;
        const proceeds = cents(l.proceeds);
        const basis = cents(new Dec(l.cost).add(l.fee));
        rows.push([
          `${new Dec(l.quantity).toFixed()} ${describe(d.coin_id)}`,
          l.acquired_on === null ? 'VARIOUS' : usDate(l.acquired_on),
          usDate(d.sold_on),
          proceeds.toFixed(2),
          basis.toFixed(2),
          '',
          '',
          proceeds.sub(basis).toFixed(2),
          term === 'short' ? 'Short-term' : 'Long-term',
        ]);
      }
    }
  }
  return toCsv([form8949Header as readonly string[], ...rows]);
}

/** Every line of every disposal with exact decimals, for any rule. */
export function genericTaxCsv(report: TaxReport): string {
  const rows: string[][] = [];
  for (const d of report.disposals) {
    for (const l of d.lines) {
      rows.push([
        d.portfolio_id,
        d.transaction_id,
        d.coin_id,
        d.sold_on,
        l.acquired_on ?? '',
        l.basis,
        l.category,
        l.quantity,
        l.proceeds ?? '',
        l.fee ?? '',
        l.cost ?? '',
        l.gain ?? '',
        l.days_held === null ? '' : String(l.days_held),
        report.currency,
      ]);
    }
  }
  return toCsv([genericCsvHeader as readonly string[], ...rows]);
}

function cents(value: string | Dec): Dec {
  return new Dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
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
