import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen } from '@/test/testing-library';
import { PerformanceChart, valueLineUp } from './performance-chart';

const day = 86_400_000;
const t0 = Date.UTC(2026, 9, 1);

function answer(values: number[], capital: number[]) {
  installFakeFetch({
    'GET /api/v2/dashboard/performance/': () =>
      json({
        timeframe: '1M',
        base_currency: 'usd',
        resolution: 'daily',
        note: null,
        points: values.map((v, i) => [t0 + i * day, v]),
        capital_invested: capital,
      }),
  });
}

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
});

const money = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '–' : `$${Number(v).toFixed(2)}`;

async function valueLineClass(): Promise<string> {
  renderPage(<PerformanceChart portfolioId="p1" timeframe="1M" onTimeframe={() => {}} money={money} />, {
    pattern: '/d',
    path: '/d',
  });
  const chart = await screen.findByRole('img', { name: /^Portfolio value/ });
  // The value series is drawn first: its area, then its line.
  return chart.querySelectorAll('polyline')[1]?.getAttribute('class') ?? '';
}

describe('the portfolio value line', () => {
  it('is green while the portfolio is in profit, even after a fall within the timeframe', async () => {
    answer([150, 140, 120], [100, 100, 100]);
    expect(await valueLineClass()).toBe('stroke-accent');
  });

  it('is red while at a loss, even after a rise within the timeframe', async () => {
    answer([60, 70, 80], [100, 100, 100]);
    expect(await valueLineClass()).toBe('stroke-danger');
  });

  it('follows the change over the timeframe when no capital series came', () => {
    expect(valueLineUp([10, 12], [])).toBe(true);
    expect(valueLineUp([12, 10], [])).toBe(false);
  });
});
