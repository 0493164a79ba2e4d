import type { PeriodReturnsOut, ReturnsResponse } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { inTimeZone } from '@/test/time-zone';
import { ReturnsPanel } from './returns-panel';

/*
 * The returns table and its explanation date the period and each cash flow in the reader's locale ("May 31, 2026"), never as YYYY-MM-DD,
 * read in UTC so a day never moves with the browser's time zone (the tests run in Honolulu,
 * UTC−10, where "2026-05-31" read as local time would show May 30).
 */

inTimeZone('Pacific/Honolulu');

const iso = /\d{4}-\d{2}-\d{2}/;

const period: PeriodReturnsOut = {
  period: '1M',
  start_date: '2026-05-01',
  end_date: '2026-05-31',
  start_value: '1000',
  end_value: '1100',
  inflows: '0',
  outflows: '0',
  gain: '100',
  simple_return: '10',
  twr: '10',
  twr_annualized: null,
  mwr: '10',
  mwr_annualized: null,
  benchmark_return: null,
  benchmark_difference_pp: null,
};

const returns = (explain: boolean): ReturnsResponse => ({
  portfolio_id: null,
  currency: 'usd',
  as_of: '2026-05-31',
  benchmark: { coin_id: 'bitcoin', available: false },
  periods: [period],
  explain: explain
    ? {
        period: '1M',
        cash_flows: [
          { date: '2026-05-01', kind: 'start_value', amount: '-1000', transaction_ids: [] },
          { date: '2026-05-31', kind: 'end_value', amount: '1100', transaction_ids: [] },
        ],
      }
    : null,
  benchmark_line: null,
  needs_price: [],
  coins_without_history: [],
  cash_held: null,
});

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
    'GET /api/v2/returns/': (call) => json(returns(call.path.includes('explain='))),
  });
});

describe('calendar days in the returns panel', () => {
  it('returns: the period and the explained cash flows are dated in the locale', async () => {
    const user = userEvent.setup();
    renderPage(
      <ReturnsPanel
        portfolioId="all"
        benchmark={{ id: 'bitcoin', name: 'Bitcoin' }}
        onBenchmark={() => {}}
      />,
      { pattern: '/', path: '/' },
    );
    const row = await screen.findByRole('rowheader', { name: '1M' });
    expect(row.getAttribute('title')).toBe('May 1, 2026 to May 31, 2026');
    // The table (from sm up) and the phone's cards each have the button; CSS picks one in a browser.
    const table = screen.getByRole('table', { name: 'Returns per period' });
    await user.click(within(table).getByRole('button', { name: 'Explain 1M returns' }));
    const flows = await screen.findByRole('region', { name: 'Cash flows behind 1M' });
    expect(within(flows).getByText(/^May 1, 2026 to May 31, 2026: start value/)).toBeTruthy();
    expect(within(flows).getByText('May 1, 2026 · start value')).toBeTruthy();
    expect(within(flows).getByText('May 31, 2026 · end value')).toBeTruthy();
    expect(flows.textContent).not.toMatch(iso);
  });
});
