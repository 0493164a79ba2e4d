import type {
  ChartTimeframe,
  CoinDetailsResponse,
  CoinListOrder,
  CoinMarket,
  GlobalDataResponse,
  MarketBreadth,
  MarketSource,
  MarketStatus,
  TrendingResponse,
  UserSettings,
  Watchlist,
} from '@app/contracts';
import { envelope, json, type RecordedCall } from './fake-fetch';

/** The snapshot label the server sends while offline (spec: "offline data, as of when"). */
export const snapshotSource: MarketSource = {
  source: 'demo',
  mode: 'demo',
  as_of: '2026-11-20T00:00:00.000Z',
  stale: false,
};

const image = (id: string) => `https://coin-images.coingecko.com/coins/images/1/large/${id}.png`;

/** A full coin row; `index` fixes the rank and a default price so rows differ. */
export function marketCoin(index: number, over: Partial<CoinMarket> = {}): CoinMarket {
  const id = over.id ?? `coin-${index}`;
  return {
    id,
    symbol: `c${index}`,
    name: `Coin ${index}`,
    image: image(id),
    current_price: 1000 - index,
    market_cap: 1_000_000_000 - index * 1_000_000,
    market_cap_rank: index,
    total_volume: 50_000_000 - index * 10_000,
    high_24h: 1010 - index,
    low_24h: 990 - index,
    price_change_24h: 1,
    price_change_percentage_1h: 0.1,
    price_change_percentage_24h: 1,
    price_change_percentage_7d: 2,
    circulating_supply: 1_000_000,
    total_supply: 2_000_000,
    max_supply: null,
    ath: 2000,
    ath_date: '2024-03-14T07:10:36.635Z',
    ath_change_percentage: -50,
    atl: 1,
    atl_date: '2015-01-14T00:00:00.000Z',
    sparkline_in_7d: { price: [1, 2, 3, 2, 4] },
    last_updated: '2026-11-20T00:00:00.000Z',
    categories: ['layer-1'],
    ...over,
  };
}

/** Three real-looking leaders, a stablecoin and a meme coin, then generated rows up to `count`. */
export function marketCoins(count = 5): CoinMarket[] {
  const named: CoinMarket[] = [
    marketCoin(1, {
      id: 'bitcoin',
      symbol: 'btc',
      name: 'Bitcoin',
      current_price: 97_123.456,
      market_cap: 1_923_456_789_012,
      total_volume: 45_678_901_234,
      price_change_percentage_1h: 0.25,
      price_change_percentage_24h: -1.5,
      price_change_percentage_7d: 4.321,
      categories: ['layer-1', 'smart-contract-platform'],
    }),
    marketCoin(2, {
      id: 'ethereum',
      symbol: 'eth',
      name: 'Ethereum',
      current_price: 3_456.789,
      market_cap: 416_000_000_000,
      total_volume: 20_000_000_000,
      price_change_percentage_1h: -0.12,
      price_change_percentage_24h: 2.75,
      price_change_percentage_7d: -3.5,
      categories: ['layer-1', 'smart-contract-platform'],
    }),
    marketCoin(3, {
      id: 'tether',
      symbol: 'usdt',
      name: 'Tether',
      current_price: 1.0002,
      market_cap: 140_000_000_000,
      total_volume: 60_000_000_000,
      price_change_percentage_1h: 0,
      price_change_percentage_24h: 0.01,
      price_change_percentage_7d: -0.02,
      categories: ['stablecoins'],
    }),
    marketCoin(4, {
      id: 'solana',
      symbol: 'sol',
      name: 'Solana',
      current_price: 187.65,
      market_cap: 90_000_000_000,
      total_volume: 4_000_000_000,
      price_change_percentage_24h: 6.2,
      categories: ['layer-1', 'smart-contract-platform'],
    }),
    marketCoin(5, {
      id: 'dogecoin',
      symbol: 'doge',
      name: 'Dogecoin',
      current_price: 0.004567,
      market_cap: 25_000_000_000,
      total_volume: 1_500_000_000,
      price_change_percentage_24h: -8.4,
      categories: ['meme-token'],
    }),
  ];
  const rows = named.slice(0, count);
  for (let i = rows.length + 1; i <= count; i += 1) rows.push(marketCoin(i));
  return rows;
}

const sortKeys: Record<string, (c: CoinMarket) => number | string> = {
  market_cap: (c) => c.market_cap ?? 0,
  volume: (c) => c.total_volume ?? 0,
  price: (c) => c.current_price,
  change_1h: (c) => c.price_change_percentage_1h ?? 0,
  change_24h: (c) => c.price_change_percentage_24h ?? 0,
  change_7d: (c) => c.price_change_percentage_7d ?? 0,
  name: (c) => c.name,
};

/** The list route's filters and orders, as the server applies them, over a fixed universe. */
export function listPage(all: CoinMarket[], search: URLSearchParams) {
  const order = (search.get('order') ?? 'market_cap_desc') as CoinListOrder;
  const dir = order.endsWith('_asc') ? 1 : -1;
  const key = sortKeys[order.replace(/_(asc|desc)$/, '')] ?? sortKeys.market_cap;
  const category = search.get('category') ?? '';
  const excludeStable = search.get('exclude_stablecoins') === 'true';
  const filtered = all
    .filter((c) => category === '' || (c.categories ?? []).includes(category))
    .filter((c) => !excludeStable || !(c.categories ?? []).includes('stablecoins'))
    .sort((a, b) => {
      const x = key ? key(a) : 0;
      const y = key ? key(b) : 0;
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
  const perPage = Number(search.get('per_page') ?? 50);
  const page = Number(search.get('page') ?? 1);
  const onPage = filtered.slice((page - 1) * perPage, page * perPage);
  // Like the server: sparklines only when asked for.
  const results =
    search.get('sparkline') === 'true'
      ? onPage
      : onPage.map(({ sparkline_in_7d: _dropped, ...c }) => c as CoinMarket);
  return {
    results,
    count: filtered.length,
    next: page * perPage < filtered.length ? `?page=${page + 1}` : null,
    previous: page > 1 ? `?page=${page - 1}` : null,
    vs_currency: search.get('vs_currency') ?? 'usd',
    source: snapshotSource,
  };
}

export function globalData(vs = 'usd'): GlobalDataResponse {
  return {
    active_cryptocurrencies: 17_345,
    markets: 1_200,
    total_market_cap: { usd: 3_456_789_012_345 },
    total_volume: { usd: 123_456_789_012 },
    market_cap_percentage: { btc: 56.789, eth: 12.345 },
    market_cap_change_percentage_24h_usd: -1.23,
    updated_at: '2026-11-20T00:00:00.000Z',
    vs_currency: vs,
    total_market_cap_vs: 3_456_789_012_345,
    total_volume_vs: 123_456_789_012,
    source: snapshotSource,
  };
}

export function breadth(over: Partial<MarketBreadth> = {}): MarketBreadth {
  return {
    total: 240,
    advancers: 150,
    decliners: 80,
    unchanged: 10,
    above_ma: {
      days: 7,
      eligible: 200,
      count: 123,
      share: 0.615,
      definition:
        'Share of coins whose latest price is above their simple average of the last 7 days of hourly prices.',
    },
    source: snapshotSource,
    ...over,
  };
}

/** 15 trending coins (the spec's count), scored 0..14. */
export function trending(vs = 'usd', count = 15): TrendingResponse {
  return {
    basis: 'derived',
    vs_currency: vs,
    coins: Array.from({ length: count }, (_, i) => ({
      id: `trend-${i + 1}`,
      name: `Trend ${i + 1}`,
      symbol: `t${i + 1}`,
      market_cap_rank: 10 + i,
      thumb: image(`trend-${i + 1}`),
      large: image(`trend-${i + 1}`),
      score: i,
      price_btc: null,
      price_usd: 10 + i,
      price_change_percentage_24h: 20 - i,
      market_cap: null,
      total_volume: null,
      current_price: 10 + i,
      image: image(`trend-${i + 1}`),
    })),
    source: snapshotSource,
  };
}

/** 15 top performers by 24h change, best first. */
export function topPerformers(vs = 'usd', count = 15) {
  return {
    results: Array.from({ length: count }, (_, i) =>
      marketCoin(100 + i, {
        id: `top-${i + 1}`,
        name: `Top ${i + 1}`,
        symbol: `top${i + 1}`,
        current_price: 2 + i,
        price_change_percentage_24h: 50 - i * 2,
      }),
    ),
    vs_currency: vs,
    source: snapshotSource,
  };
}

export function coinDetails(coin: CoinMarket, over: Partial<CoinDetailsResponse> = {}): CoinDetailsResponse {
  return {
    ...coin,
    categories: coin.categories ?? [],
    vs_currency: 'usd',
    description: 'The first <b>decentralised</b> cryptocurrency.',
    genesis_date: '2009-01-03',
    links: {
      homepage: ['https://bitcoin.org', 'javascript:alert(1)'],
      blockchain_site: ['https://mempool.space'],
      twitter_screen_name: 'bitcoin',
      subreddit_url: 'https://www.reddit.com/r/Bitcoin/',
      repos: ['https://github.com/bitcoin/bitcoin'],
    },
    social: {
      twitter_followers: 6_900_000,
      reddit_subscribers: 7_400_000,
      reddit_active_accounts_48h: null,
      telegram_channel_user_count: null,
      github_forks: 36_000,
      github_stars: 73_500,
      github_subscribers: null,
      github_total_issues: null,
      github_closed_issues: null,
      github_pull_requests_merged: null,
      github_commit_count_4_weeks: 108,
    },
    source: snapshotSource,
    ...over,
  };
}

export function chart(id: string, timeframe: ChartTimeframe, vs = 'usd') {
  const start = Date.UTC(2026, 10, 1);
  const prices: Array<[number, number]> = Array.from({ length: 24 }, (_, i) => [
    start + i * 3_600_000,
    100 + i,
  ]);
  return {
    id,
    timeframe,
    vs_currency: vs,
    prices,
    market_caps: [],
    total_volumes: [],
    source: snapshotSource,
  };
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export interface FakeMarketState {
  coins: CoinMarket[];
  settings: UserSettings;
  watchlists: Watchlist[];
  /** Coin ids with a details page; others answer 404 like the server. */
  details: Map<string, CoinDetailsResponse>;
  /** What GET /api/v2/market/status/ answers: the snapshot's demo mode unless a test says otherwise. */
  status: MarketStatus;
}

export function fakeMarketState(over: Partial<FakeMarketState> = {}): FakeMarketState {
  const coins = over.coins ?? marketCoins(5);
  return {
    coins,
    settings: { base_currency: 'usd', favorites: [], cost_basis_method: 'average' },
    watchlists: [],
    details: new Map(coins.map((c) => [c.id, coinDetails(c)])),
    status: { ...snapshotSource, age_seconds: null },
    ...over,
  };
}

const query = (call: RecordedCall) => new URL(call.path, 'http://localhost').searchParams;
let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-${seq}`;
};
const stamp = '2026-11-20T00:00:00.000Z';

/** The market, settings and watchlist routes, answering from (and updating) `state`. */
export function fakeMarketRoutes(state: FakeMarketState): Record<string, Handler> {
  const routes: Record<string, Handler> = {
    'GET /api/v2/cryptocurrencies/': (call) => json(listPage(state.coins, query(call))),
    'GET /api/v2/market/status/': () => json(state.status),
    'GET /api/v2/cryptocurrencies/global_data/': (call) =>
      json(globalData(query(call).get('vs_currency') ?? 'usd')),
    'GET /api/v2/cryptocurrencies/trending/': (call) =>
      json(trending(query(call).get('vs_currency') ?? 'usd')),
    'GET /api/v2/cryptocurrencies/top_performing/': (call) =>
      json(topPerformers(query(call).get('vs_currency') ?? 'usd', Number(query(call).get('limit') ?? 15))),
    'GET /api/v2/terminal/market-breadth/': () => json(breadth()),
    'GET /api/v2/terminal/coin-search/': (call) => {
      const q = (query(call).get('q') ?? '').toLowerCase();
      const results = state.coins.filter(
        (c) => c.name.toLowerCase().includes(q) || c.symbol.toLowerCase().startsWith(q),
      );
      return json({ results, vs_currency: 'usd', source: snapshotSource });
    },
    // The user's own coins (favourites and watch-listed), quoted without sparklines like the server.
    'GET /api/v2/terminal/user-coins/': () => {
      const favorites = new Set(state.settings.favorites);
      const listed = new Set(state.watchlists.flatMap((l) => l.items.map((i) => i.coin_id)));
      const results = state.coins
        .filter((c) => favorites.has(c.id) || listed.has(c.id))
        .map(({ sparkline_in_7d: _dropped, ...c }) => ({
          ...c,
          is_favorite: favorites.has(c.id),
          watchlist_ids: state.watchlists
            .filter((l) => l.items.some((i) => i.coin_id === c.id))
            .map((l) => l.id),
        }));
      return json({ results, vs_currency: 'usd', source: snapshotSource });
    },
    'GET /api/v2/settings/': () => json(state.settings),
    'PATCH /api/v2/settings/': (call) => {
      state.settings = { ...state.settings, ...JSON.parse(call.body ?? '{}') };
      return json(state.settings);
    },
    'GET /api/v2/terminal/watchlists/': () => json({ results: state.watchlists }),
    'POST /api/v2/terminal/watchlists/': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { name: string };
      const list: Watchlist = {
        id: nextId('wl'),
        name: body.name,
        created_at: stamp,
        updated_at: stamp,
        items: [],
      };
      state.watchlists = [...state.watchlists, list];
      addWatchlistRoutes(routes, state, list.id);
      return json(list, 201);
    },
    'POST /api/v2/terminal/watchlist-items/': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { watchlist_id: string; coin_id: string };
      const item = {
        id: nextId('wi'),
        watchlist_id: body.watchlist_id,
        coin_id: body.coin_id,
        created_at: stamp,
      };
      state.watchlists = state.watchlists.map((l) =>
        l.id === body.watchlist_id ? { ...l, items: [...l.items, item] } : l,
      );
      addWatchlistItemRoute(routes, state, item.id);
      return json(item, 201);
    },
  };
  for (const list of state.watchlists) {
    addWatchlistRoutes(routes, state, list.id);
    for (const item of list.items) addWatchlistItemRoute(routes, state, item.id);
  }
  addCoinRoutes(routes, state, [...state.details.keys()]);
  return routes;
}

/** Per-id routes (the fake fetch matches exact paths), for lists that exist or will exist. */
export function addWatchlistRoutes(routes: Record<string, Handler>, state: FakeMarketState, id: string) {
  routes[`PATCH /api/v2/terminal/watchlists/${id}/`] = (call) => {
    const body = JSON.parse(call.body ?? '{}') as { name: string };
    state.watchlists = state.watchlists.map((l) => (l.id === id ? { ...l, name: body.name } : l));
    const list = state.watchlists.find((l) => l.id === id);
    return list ? json(list) : envelope(404, 'not_found', 'not_found');
  };
  routes[`DELETE /api/v2/terminal/watchlists/${id}/`] = () => {
    state.watchlists = state.watchlists.filter((l) => l.id !== id);
    return new Response(null, { status: 204 });
  };
}

export function addWatchlistItemRoute(
  routes: Record<string, Handler>,
  state: FakeMarketState,
  itemId: string,
) {
  routes[`DELETE /api/v2/terminal/watchlist-items/${itemId}/`] = () => {
    state.watchlists = state.watchlists.map((l) => ({ ...l, items: l.items.filter((i) => i.id !== itemId) }));
    return new Response(null, { status: 204 });
  };
}

/** Details, chart and OHLC routes for each coin id in `state.details`; unknown ids get the 404 envelope. */
export function addCoinRoutes(routes: Record<string, Handler>, state: FakeMarketState, ids: string[]) {
  for (const id of ids) {
    routes[`GET /api/v2/cryptocurrencies/details/${id}/`] = () => {
      const found = state.details.get(id);
      return found ? json(found) : envelope(404, 'coin_not_found', 'not_found', 'Coin not found');
    };
    routes[`GET /api/v2/cryptocurrencies/${id}/chart/`] = (call) =>
      json(chart(id, (query(call).get('timeframe') ?? '1D') as ChartTimeframe));
    routes[`GET /api/v2/terminal/ohlc/${id}/`] = () =>
      json([
        [Date.UTC(2026, 10, 1), 100, 110, 95, 105],
        [Date.UTC(2026, 10, 2), 105, 112, 101, 108],
      ]);
  }
}
