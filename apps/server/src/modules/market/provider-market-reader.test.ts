import { describe, expect, it } from 'vitest';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { createProviderMarketReader } from './provider-market-reader.ts';

describe('provider market reader over the snapshot', () => {
  const reader = createProviderMarketReader(
    new SnapshotProvider({ now: () => Date.parse('2026-11-20T12:00:00Z') }),
  );

  it('returns quotes for known ids and leaves unknown ids out', async () => {
    const quotes = await reader.getQuotes(['bitcoin', 'ethereum', 'no-such-coin'], 'usd');
    expect([...quotes.keys()].sort()).toEqual(['bitcoin', 'ethereum']);
    expect(quotes.get('bitcoin')?.current_price).toBeGreaterThan(0);
  });

  it('converts to another base currency', async () => {
    const usd = await reader.getCoin('bitcoin', 'usd');
    const eur = await reader.getCoin('bitcoin', 'eur');
    expect(usd && eur && eur.current_price < usd.current_price).toBe(true);
  });

  it('gives completed daily closes, oldest first', async () => {
    const { timestamps, closes } = await reader.getDailyCloses('ethereum', 200, 'usd');
    expect(timestamps).toHaveLength(200);
    expect(closes).toHaveLength(200);
    expect(timestamps.every((t, i) => i === 0 || t - (timestamps[i - 1] ?? 0) === 86_400_000)).toBe(true);
  });

  it('gives rates per US dollar', async () => {
    const rates = await reader.getUsdRates();
    expect(rates.usd).toBe(1);
    expect(rates.eur).toBeGreaterThan(0.5);
    expect(rates.btc).toBeLessThan(0.001);
  });
});
