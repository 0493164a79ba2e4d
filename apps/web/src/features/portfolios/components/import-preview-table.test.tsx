import type { CsvImportRow } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { ImportPreviewTable } from './import-preview-table';

/*
 * A Binance trade paid in BNB previews its fee in BNB on the trade's row (not as an
 * amount of the trade's currency), and the BNB leaving the holding as a sale priced at that day's
 * close in the portfolio's currency.
 */

const common = { date: '2023-09-29T09:56:26.000Z', note: 'Binance Transaction Buy' };
const rows: CsvImportRow[] = [
  {
    line: 6,
    symbol: 'ETH',
    coin_id: 'ethereum',
    price_currency: 'USDT',
    transaction: {
      ...common,
      type: 'buy',
      quantity: '0.017',
      price_per_coin: '1674.18',
      fee: '0.00009883',
      fee_currency: 'bnb',
    },
    duplicate_key: 'eth',
    warnings: ['Prices in USDT are taken as USD'],
  },
  {
    line: 6,
    symbol: 'BNB',
    coin_id: 'binancecoin',
    price_currency: 'USD',
    priced_at_close: true,
    transaction: { ...common, type: 'sell', quantity: '0.00009883', price_per_coin: '210', fee: '0' },
    duplicate_key: 'bnb',
    warnings: ["Fee paid in BNB: a sale of it at that day's close"],
  },
  {
    line: 7,
    symbol: 'BTC',
    coin_id: 'bitcoin',
    price_currency: 'EUR',
    transaction: { ...common, type: 'buy', quantity: '0.01', price_per_coin: '40000', fee: '2.5' },
    duplicate_key: 'btc',
    warnings: [],
  },
];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  // The coins' names come from the market list and the user's coins; not needed for the fees.
  installFakeFetch({});
});

/** The three rows, all selectable, none excluded; returns the table. */
function renderTable(): HTMLElement {
  renderPage(
    <ImportPreviewTable
      rows={rows}
      duplicates={new Set()}
      excluded={new Set()}
      selectable={() => true}
      onToggle={() => {}}
    />,
    { pattern: '/portfolios', path: '/portfolios' },
  );
  return screen.getByRole('table', { name: 'Rows to import' });
}

describe('import preview fees', () => {
  it('shows a fee in its own currency: BNB as a coin amount, others as money of the row', () => {
    const table = renderTable();
    const [, eth, bnb, btc] = within(table).getAllByRole('row');
    if (!eth || !bnb || !btc) throw new Error('three rows expected');
    expect(within(eth).getByText('0.00009883 BNB')).toBeTruthy();
    expect(within(eth).queryByText(/\$0\.0001/)).toBeNull();
    // The BNB sale: priced at the day's close in dollars, no fee of its own.
    expect(within(bnb).getByText('$210.00')).toBeTruthy();
    expect(within(bnb).getByText("Fee paid in BNB: a sale of it at that day's close")).toBeTruthy();
    expect(within(btc).getByText('€2.50')).toBeTruthy();
  });
});

describe('import preview layout', () => {
  it("holds each coin's name line before the names arrive, so no row grows under a click", () => {
    const table = renderTable();
    for (const symbol of ['ETH', 'BNB', 'BTC']) {
      const cell = within(table).getByText(symbol, { exact: false, selector: 'td' });
      // The names never come here (no market list): the line is held by a no-break space.
      expect(cell.querySelector('span.block')?.textContent).toBe('\u00a0');
    }
  });
});
