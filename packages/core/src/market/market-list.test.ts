import type { CoinMarket } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { filterCoins, marketBreadth, sortCoins, topPerformers } from './market-list.ts';

function coin(id: string, over: Partial<CoinMarket> = {}): CoinMarket {
  return {
    id,
    symbol: id.slice(0, 3),
    name: id[0]?.toUpperCase() + id.slice(1),
    image: '',
    current_price: 10,
    market_cap: 100,
    market_cap_rank: 1,
    total_volume: 5,
    high_24h: null,
    low_24h: null,
    price_change_24h: null,
    price_change_percentage_1h: null,
    price_change_percentage_24h: 0,
    price_change_percentage_7d: null,
    circulating_supply: null,
    total_supply: null,
    max_supply: null,
    ath: null,
    ath_date: null,
    ath_change_percentage: null,
    atl: null,
    atl_date: null,
    last_updated: null,
    ...over,
  };
}

describe('sortCoins', () => {
  it('sorts either way with missing values last', () => {
    const list = [
      coin('a', { total_volume: 2 }),
      coin('b', { total_volume: null }),
      coin('c', { total_volume: 9 }),
    ];
    expect(sortCoins(list, 'volume_desc').map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(sortCoins(list, 'volume_asc').map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect(sortCoins(list, 'name_desc').map((c) => c.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('filterCoins', () => {
  const list = [
    coin('ethereum', { symbol: 'eth', market_cap_rank: 2 }),
    coin('tether', { symbol: 'usdt', categories: ['stablecoins'] }),
    coin('ethena', { symbol: 'ena', market_cap_rank: 40 }),
  ];
  it('ignores searches under two characters and ranks exact symbols first', () => {
    expect(filterCoins(list, { search: ' e ' })).toHaveLength(3);
    expect(filterCoins(list, { search: 'eth' }).map((c) => c.id)).toEqual(['ethereum', 'ethena', 'tether']);
  });
  it('excludes stablecoins and filters by category', () => {
    expect(filterCoins(list, { excludeStablecoins: true }).map((c) => c.id)).toEqual(['ethereum', 'ethena']);
    expect(filterCoins(list, { category: 'stablecoins' }).map((c) => c.id)).toEqual(['tether']);
  });
});

describe('marketBreadth', () => {
  it('counts advancers, decliners and the share above the moving average', () => {
    const rising = Array.from({ length: 168 }, (_, i) => 1 + i / 100);
    const list = [
      coin('a', { price_change_percentage_24h: 2, current_price: 3, sparkline_in_7d: { price: rising } }),
      coin('b', { price_change_percentage_24h: -1, current_price: 1, sparkline_in_7d: { price: rising } }),
      coin('c', { price_change_percentage_24h: null }),
    ];
    const b = marketBreadth(list, 7);
    expect(b).toMatchObject({ total: 3, advancers: 1, decliners: 1, unchanged: 1 });
    expect(b.aboveMa).toMatchObject({ days: 7, eligible: 2, count: 1, share: 0.5 });
    expect(b.aboveMa.definition).toContain('7-day simple moving average');
  });
});

describe('topPerformers', () => {
  it('takes the best 24h movers without stablecoins', () => {
    const list = [
      coin('a', { price_change_percentage_24h: 1 }),
      coin('tether', { price_change_percentage_24h: 5 }),
      coin('b', { price_change_percentage_24h: 3 }),
    ];
    expect(topPerformers(list, 2).map((c) => c.id)).toEqual(['b', 'a']);
  });
});
