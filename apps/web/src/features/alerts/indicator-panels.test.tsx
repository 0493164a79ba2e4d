import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { useChartTimeframe } from '@/lib/market';
import { installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { inTimeZone } from '@/test/time-zone';
import { IndicatorPanels } from './indicator-panels';

/*
 * Each panel follows the price chart's timeframe, asks for the warm-up days before its window,
 * draws only the window, labels its axis and says which days its line spans. Run west of UTC
 * (Honolulu), where a daily close at 00:00 UTC read in the local zone would show the day before.
 */

inTimeZone('Pacific/Honolulu');

const day = 86_400_000;
const lastDay = Date.UTC(2026, 10, 27);
let calls: RecordedCall[] = [];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  const fake = installFakeFetch({
    'GET /api/v2/cryptocurrencies/bitcoin/indicators/': ({ path }) => {
      const query = new URL(path, 'http://localhost').searchParams;
      const days = Number(query.get('days'));
      const timestamps = Array.from({ length: days }, (_, i) => lastDay - (days - 1 - i) * day);
      // Null over the first 30 days only: with the warm-up, every shown point has a value.
      const series = (v: number) => timestamps.map((_, i) => (i < 30 ? null : v + i / 1000));
      const base = { coin_id: 'bitcoin', vs_currency: 'usd', closes: timestamps.map(() => 1), timestamps };
      return query.get('metric') === 'rsi'
        ? json({ ...base, metric: 'rsi', period: 14, values: series(45.123456) })
        : json({
            ...base,
            metric: 'macd',
            period: null,
            macd: series(2),
            signal: series(1),
            histogram: series(-1),
          });
    },
  });
  calls = fake.calls;
});

/** Stands in for the price chart's timeframe buttons, which share the timeframe with the panels. */
function TimeframeSwitch() {
  const [timeframe, setTimeframe] = useChartTimeframe('bitcoin');
  return (
    <button type="button" onClick={() => setTimeframe('1M')}>
      Now {timeframe}
    </button>
  );
}

const days = () => calls.map((c) => new URL(c.path, 'http://localhost').searchParams.get('days'));

describe('the coin page indicator panels', () => {
  it('follow the chart timeframe with warm-up days fetched, and label the RSI axis and guides', async () => {
    renderPage(
      <>
        <TimeframeSwitch />
        <IndicatorPanels coinId="bitcoin" />
      </>,
      { pattern: '/c', path: '/c' },
    );
    const rsi = await screen.findByRole('img', { name: /^RSI 14 over the last 14 daily closes, 1D/ });
    expect(days()).toEqual(['164', '164']);
    expect(screen.getByText(/shortest window they show is the last 14 days/)).toBeTruthy();
    expect(rsi.nextElementSibling?.textContent).toBe('Nov 14, 2026Nov 27, 2026');
    const axis = rsi.querySelector('[data-axis="y"]');
    expect([...(axis?.children ?? [])].map((l) => l.textContent)).toEqual(['100', '70', '30', '0']);
    expect([...rsi.querySelectorAll('[data-guide]')].map((g) => g.getAttribute('data-guide'))).toEqual([
      '30',
      '70',
    ]);
    // Two decimals: 45.123456 + 163 / 1000.
    expect(within(rsi.parentElement as HTMLElement).getByText('45.29')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Now 1D' }));
    const month = await screen.findByRole('img', { name: /^RSI 14 over the last 30 daily closes, 1M/ });
    expect(days()).toContain('180');
    expect(month.nextElementSibling?.textContent).toBe('Oct 29, 2026Nov 27, 2026');
    expect(screen.queryByText(/shortest window/)).toBeNull();
  });

  it("keys MACD's readings to the colours of its lines and prints them with two decimals", async () => {
    renderPage(<IndicatorPanels coinId="bitcoin" />, { pattern: '/c', path: '/c' });
    const macd = await screen.findByRole('img', { name: /^MACD/ });
    const readings = macd.previousElementSibling as HTMLElement;
    for (const [name, colour] of [
      ['MACD', 'bg-accent'],
      ['Signal', 'bg-warning'],
      ['Histogram', 'bg-accent/40'],
    ] as const) {
      const reading = within(readings).getByText(name, { exact: false });
      expect(reading.querySelector('[aria-hidden="true"]')?.className).toContain(colour);
      expect(reading.querySelector('.font-mono')?.textContent).toMatch(/^-?\d+\.\d\d$/);
    }
    const ticks = [...(macd.querySelector('[data-axis="y"]')?.children ?? [])].map((l) => l.textContent);
    expect(ticks.every((t) => /^-?\d+\.\d\d$/.test(t ?? ''))).toBe(true);
  });
});
