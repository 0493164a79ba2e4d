import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { inTimeZone } from '@/test/time-zone';
import { LotsPanel } from './lots-panel';
import { ReportPanel } from './report-panel';
import { installTaxApi } from './tax-view-fixtures';

/*
 * The tax views show the calendar days of the books in the reader's locale
 * ("Jan 17, 2024"), never as YYYY-MM-DD, and read them in UTC so a day never moves with the
 * browser's time zone. The tests run west of UTC (Honolulu, UTC−10), where reading "2024-01-17"
 * in the local zone would show Jan 16.
 */

inTimeZone('Pacific/Honolulu');

beforeEach(installTaxApi);

const iso = /\d{4}-\d{2}-\d{2}/;

/** Each body row's cell texts: happy-dom renders both layouts (CSS picks one in a browser). */
function tableFigures(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

/** Each card's figures (its definitions), in order. */
function cardFigures(list: HTMLElement): string[][] {
  return within(list)
    .getAllByRole('listitem')
    .map((card) => [...card.querySelectorAll('dd')].map((d) => d.textContent ?? ''));
}

describe('calendar days in the tax views', () => {
  it('lots: the as-of day, acquisition and qualifying days and the needs-price day are in the locale', async () => {
    renderPage(<LotsPanel portfolioId="all" />, { pattern: '/tax', path: '/tax' });
    const lots = await screen.findByRole('table', { name: /lots$/ });
    const rows = within(lots).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'Jan 17, 2024' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'since Jan 18, 2025' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('cell', { name: 'Mar 1, 2026' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('cell', { name: 'Mar 2, 2027' })).toBeTruthy();
    // A phone's cards show every figure of the table's rows, in the same order.
    const cards = screen.getByRole('list', { name: /lots$/ });
    expect(cardFigures(cards)).toEqual(tableFigures(lots));
    expect(cardFigures(cards)[0]).toEqual([
      'Jan 17, 2024',
      '1',
      '$2,000.00',
      '$3,000.00',
      '$1,000.00',
      '865',
      'since Jan 18, 2025',
    ]);
    expect(screen.getByText(/as of May 31, 2026/)).toBeTruthy();
    // 00:30 UTC on 3 February is still 2 February in Honolulu: the ledger's day (UTC) is shown.
    const needs = screen.getByRole('region', { name: 'Needs a price' });
    expect(within(needs).getByRole('listitem').textContent).toMatch(/^Feb 3, 2025 buy/);
    expect(document.body.textContent).not.toMatch(iso);
  });

  it('realized gains: the year, sale, acquisition and income days are in the locale', async () => {
    renderPage(<ReportPanel portfolioId="all" year={2024} onYear={() => {}} />, {
      pattern: '/tax',
      path: '/tax',
    });
    const table = await screen.findByRole('table', { name: 'Disposals and the lots they consumed' });
    expect(within(table).getByRole('cell', { name: 'Jan 16, 2024' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Jan 15, 2024' })).toBeTruthy();
    // A phone's card per sale shows every figure of the table's row, in the same order.
    const cards = screen.getByRole('list', { name: 'Disposals and the lots they consumed' });
    expect(cardFigures(cards)).toEqual(tableFigures(table));
    expect(cardFigures(cards)[0]).toEqual([
      'Jan 16, 2024',
      'Bitcoin (BTC)',
      'Jan 15, 2024',
      'Lot',
      '0.1',
      '$4,000.00',
      '$3,800.00',
      '$4.00',
      '$196.00',
      'Short-term',
    ]);
    expect(screen.getByText(/^Jan 1, 2024 to Dec 31, 2024/)).toBeTruthy();
    const income = screen.getByRole('region', { name: 'Reward income' });
    expect(within(income).getByRole('listitem').textContent).toMatch(/^Mar 5, 2024 /);
    // The CSV downloads stay machine files with ISO days: only their links are on the page.
    expect(document.body.textContent).not.toMatch(iso);
  });
});
