import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { inTimeZone } from '@/test/time-zone';
import { IndicatorPanels } from './indicator-panels';

/*
 * The RSI and MACD lines have no axes, so for a newcomer each panel says which days
 * its line spans, and MACD's readings are keyed to the colours of their lines. Run west of UTC
 * (Honolulu), where a daily close at 00:00 UTC read in the local zone would show the day before.
 */

inTimeZone('Pacific/Honolulu');

const day = 86_400_000;
const timestamps = Array.from({ length: 180 }, (_, i) => Date.UTC(2026, 5, 1) + i * day);
const series = (v: number) => timestamps.map((_, i) => (i < 30 ? null : v));

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/cryptocurrencies/bitcoin/indicators/': ({ path }) => {
      const metric = new URL(path, 'http://localhost').searchParams.get('metric');
      const base = { coin_id: 'bitcoin', vs_currency: 'usd', closes: timestamps.map(() => 1), timestamps };
      return metric === 'rsi'
        ? json({ ...base, metric: 'rsi', period: 14, values: series(45) })
        : json({
            ...base,
            metric: 'macd',
            period: null,
            macd: series(2),
            signal: series(1),
            histogram: series(1),
          });
    },
  });
});

describe('the coin page indicator panels', () => {
  it("say the days their lines span and key MACD's readings to its lines", async () => {
    renderPage(<IndicatorPanels coinId="bitcoin" />, { pattern: '/c', path: '/c' });
    await screen.findByRole('img', { name: /^RSI 14/ });
    const macd = await screen.findByRole('img', { name: /^MACD/ });
    for (const chart of [screen.getByRole('img', { name: /^RSI 14/ }), macd]) {
      expect(chart.nextElementSibling?.textContent).toBe('Jun 1, 2026Nov 27, 2026');
    }
    const readings = macd.previousElementSibling as HTMLElement;
    for (const [name, colour] of [
      ['MACD', 'bg-accent'],
      ['Signal', 'bg-warning'],
      ['Histogram', 'bg-accent/40'],
    ] as const) {
      const reading = within(readings).getByText(name, { exact: false });
      expect(reading.querySelector('[aria-hidden="true"]')?.className).toContain(colour);
    }
  });
});
