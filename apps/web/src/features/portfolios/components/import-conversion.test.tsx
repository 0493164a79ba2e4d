import type { CsvImportRow } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { ImportPreviewTable } from './import-preview-table';

/*
 * A Binance file priced in Canadian dollars, previewed in a euro portfolio: each row shows the
 * converted amount, the file's own amount under it, and the day's rate with where it came from.
 */

const date = '2021-01-30T23:59:59.000Z';
const rows: CsvImportRow[] = [
  {
    line: 3,
    symbol: 'ETH',
    coin_id: 'ethereum',
    price_currency: 'EUR',
    transaction: {
      type: 'buy',
      quantity: '1.55594',
      price_per_coin: '393.65271154375',
      fee: '12.5',
      date,
      note: '',
    },
    duplicate_key: 'eth',
    conversion: {
      from: 'CAD',
      to: 'EUR',
      rate: '0.625',
      day: '2021-01-30',
      source: 'coingecko',
      original_price_per_coin: '629.84433847',
      original_fee: '20',
    },
    warnings: [],
  },
  {
    line: 4,
    symbol: 'BTC',
    coin_id: 'bitcoin',
    price_currency: 'EUR',
    transaction: {
      type: 'buy',
      quantity: '0.00975',
      price_per_coin: '15705.128',
      fee: '3.125',
      date,
      note: '',
    },
    duplicate_key: 'btc',
    conversion: {
      from: 'CAD',
      to: 'EUR',
      rate: '0.625',
      day: '2021-01-30',
      source: 'demo',
      original_price_per_coin: '25128.2048',
      original_fee: '5',
    },
    warnings: [],
  },
];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({});
});

describe('import preview of a file in another currency', () => {
  it('shows the converted and the original amount per row, with the rate and its source', () => {
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
    const table = screen.getByRole('table', { name: 'Rows to import' });
    const [, eth, btc] = within(table).getAllByRole('row');
    if (!eth || !btc) throw new Error('two rows expected');
    expect(eth.textContent).toContain('€393.65');
    expect(eth.textContent).toContain('In the file: CA$629.84');
    expect(eth.textContent).toContain('€12.50');
    expect(eth.textContent).toContain('In the file: CA$20.00');
    expect(
      within(eth).getByText('1 CAD = 0.625 EUR on 2021-01-30 (daily close from CoinGecko)'),
    ).toBeTruthy();
    // The demo market's rates are fixed: the row says so rather than pass them off as that day's.
    expect(
      within(btc).getByText('1 CAD = 0.625 EUR on 2021-01-30 (demo rate, not that day’s real rate)'),
    ).toBeTruthy();
  });
});
