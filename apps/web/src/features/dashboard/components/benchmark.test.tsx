import type { PeriodReturnsOut, ReturnsResponse } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { defaultBenchmark } from './benchmark';
import { PerformanceChart } from './performance-chart';
import { ReturnsPanel } from './returns-panel';

/*
 * The benchmark is any coin, on the chart (a rebased dashed line) and in the return
 * rates, with the difference in percentage points; the chart and the table share the choice.
 */

const day = 86_400_000;
const start = Date.UTC(2026, 4, 1);

function period(benchmarkReturn: string, pp: string): PeriodReturnsOut {
  return {
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
    benchmark_return: benchmarkReturn,
    benchmark_difference_pp: pp,
  };
}

const returns = (coin: string, line: boolean): ReturnsResponse => ({
  portfolio_id: null,
  currency: 'usd',
  as_of: '2026-05-31',
  benchmark: { coin_id: coin, available: true },
  periods: [coin === 'dogecoin' ? period('25', '-15') : period('4', '6')],
  explain: null,
  benchmark_line: line
    ? {
        timeframe: '1M',
        points: [
          [start, 1000],
          [start + 30 * day, coin === 'dogecoin' ? 1250 : 1040],
        ],
      }
    : null,
  needs_price: [],
  coins_without_history: [],
  cash_held: null,
});

let calls: RecordedCall[];
beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  ({ calls } = installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'cardano', symbol: 'ada', name: 'Cardano', image: null }] }),
    'GET /api/v2/cryptocurrencies/market_select/': () =>
      json({
        cryptocurrencies: [
          {
            id: 'dogecoin',
            db_id: 'dogecoin',
            symbol: 'doge',
            name: 'Dogecoin',
            image: '',
            user_favorite: false,
            available_balance: '0',
            current_price: 0.2,
            market_cap_rank: 9,
          },
        ],
      }),
    'GET /api/v2/dashboard/performance/': () =>
      json({
        timeframe: '1M',
        base_currency: 'usd',
        resolution: 'daily',
        note: null,
        points: [
          [start, 1000],
          [start + 30 * day, 1100],
        ],
        capital_invested: [900, 900],
      }),
    'GET /api/v2/returns/': (call) => {
      const url = new URL(call.path, 'http://localhost');
      return json(returns(url.searchParams.get('benchmark') ?? 'bitcoin', url.searchParams.has('line')));
    },
  }));
});

function Dashboard() {
  const [benchmark, setBenchmark] = useState(defaultBenchmark);
  return (
    <>
      <PerformanceChart
        portfolioId="all"
        timeframe="1M"
        onTimeframe={() => {}}
        money={(v) => String(v)}
        benchmark={benchmark}
        onBenchmark={setBenchmark}
      />
      <section aria-label="Rates">
        <ReturnsPanel portfolioId="all" benchmark={benchmark} onBenchmark={setBenchmark} />
      </section>
    </>
  );
}

describe('benchmark', () => {
  it('compares the chart and the return rates with any coin, in percentage points', async () => {
    renderPage(<Dashboard />, { pattern: '/dashboard', path: '/dashboard' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Benchmark line' }));
    expect(
      await screen.findByText(/Dashed: Bitcoin rebased .* vs Bitcoin 4\.00%: \+6\.00 pp\./),
    ).toBeTruthy();
    // The chart's own picker: the held coin is offered (once the holdings have answered, which
    // can come after the line); any other coin through the search.
    const pickers = screen.getAllByRole('combobox', { name: 'Benchmark' });
    expect(await within(pickers[0] as HTMLElement).findByRole('option', { name: 'Cardano' })).toBeTruthy();
    await userEvent.selectOptions(pickers[0] as HTMLElement, 'Another coin…');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search a benchmark coin' }), 'doge');
    await waitFor(() => expect(calls.map((c) => c.path).join(' ')).toContain('search=doge'), {
      timeout: 3000,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dogecoin (DOGE)' }));
    expect(
      await screen.findByText(/Dashed: Dogecoin rebased .* vs Dogecoin 25\.00%: -15\.00 pp\./),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.includes('benchmark=dogecoin') && c.path.includes('line=1M'))).toBe(true);
    // The return rates follow the same choice.
    const rates = screen.getByRole('region', { name: 'Rates' });
    await waitFor(() => expect(rates.textContent).toContain('-15.00 pp'));
    expect(within(rates).getByRole('columnheader', { name: 'Dogecoin' })).toBeTruthy();
  });
});
