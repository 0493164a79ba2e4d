import { type CoinMarket, coinListPageSchema, coinMarketSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { slicedListParse } from './sliced-list-parse';

function row(i: number): Record<string, unknown> {
  return {
    id: `coin-${i}`,
    symbol: `c${i}`,
    name: `Coin ${i}`,
    image: '',
    current_price: 1.5 + i,
    market_cap: 1000 * i,
    market_cap_rank: i + 1,
    total_volume: null,
    high_24h: null,
    low_24h: null,
    price_change_24h: null,
    price_change_percentage_1h: null,
    price_change_percentage_24h: -1.25,
    price_change_percentage_7d: null,
    circulating_supply: null,
    total_supply: null,
    max_supply: null,
    ath: null,
    ath_date: null,
    ath_change_percentage: null,
    atl: null,
    atl_date: null,
    sparkline_in_7d: { price: [1, 2.5, 3] },
    last_updated: '2026-11-27T01:00:00.000Z',
    // Not in the schema: dropped, as the page schema drops it.
    extra: 'x',
  };
}

function page(rows: unknown[]): Record<string, unknown> {
  return {
    results: rows,
    count: rows.length,
    next: null,
    previous: null,
    vs_currency: 'usd',
    source: { source: 'coingecko', mode: 'demo', as_of: '2026-11-27T01:00:00.000Z', stale: false },
  };
}

const parser = slicedListParse(coinListPageSchema, coinMarketSchema, 25);

function thrownBy(parse: () => unknown): unknown {
  try {
    parse();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('sliced list parse', () => {
  it('gives what the page schema gives, rows in order', async () => {
    const input = page(Array.from({ length: 60 }, (_, i) => row(i)));
    const expected = coinListPageSchema.parse(input);
    const parsed = await parser.parse(input);
    expect(parsed).toEqual(expected);
    expect(Object.keys(parsed)).toEqual(Object.keys(expected));
    expect(parsed.results.map((c: CoinMarket) => c.id).slice(0, 3)).toEqual(['coin-0', 'coin-1', 'coin-2']);
  });

  it('lets other tasks run between slices', async () => {
    const seen: string[] = [];
    setTimeout(() => seen.push('other task'), 0);
    const parsing = parser
      .parse(page(Array.from({ length: 60 }, (_, i) => row(i))))
      .then(() => seen.push('parsed'));
    await parsing;
    expect(seen).toEqual(['other task', 'parsed']);
  });

  it('throws exactly what the page schema throws, for a bad row, envelope or body', async () => {
    const badRow = page([row(0), { ...row(1), current_price: 'free' }, row(2)]);
    const badEnvelope = { ...page([row(0)]), count: -1 };
    for (const input of [badRow, badEnvelope, null, 'text', { results: 'none' }]) {
      const expected = thrownBy(() => coinListPageSchema.parse(input));
      await expect(parser.parse(input)).rejects.toEqual(expected);
    }
  });
});
