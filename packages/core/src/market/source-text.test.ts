import type { MarketSource } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { clockTime, sourceBadgeText } from './source-text.ts';

const at = '2026-11-29T08:58:00.000Z';
const live: MarketSource = { source: 'coingecko', mode: 'live', as_of: at, stale: false };

describe('the source badge’s text', () => {
  it('tells live figures’ time of day in the reader’s locale and zone', () => {
    expect(sourceBadgeText(live, { locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Live — CoinGecko, updated 08:58 AM',
    );
    expect(sourceBadgeText(live, { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Live — CoinGecko, updated 03:58 AM',
    );
    expect(sourceBadgeText(live, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe(
      'Live — CoinGecko, updated 09:58',
    );
  });

  it('dates demo data by the snapshot’s day in UTC, in the reader’s locale', () => {
    const demo: MarketSource = {
      source: 'demo',
      mode: 'demo',
      as_of: '2026-11-01T23:30:00.000Z',
      stale: false,
    };
    expect(sourceBadgeText(demo, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe(
      'Demo data: prices simulated from a snapshot of Nov 1, 2026',
    );
  });

  it('gives a stale copy’s age, never its ISO text', () => {
    const stale = { ...live, stale: true };
    expect(sourceBadgeText(stale, {}, new Date('2026-11-29T09:10:00.000Z'))).toBe(
      'Stale — CoinGecko, as of 12m ago',
    );
    expect(clockTime('not a date')).toBe('not a date');
  });
});
