// A fake CoinGecko v3 on 127.0.0.1 that looks like a real market, for benches of the app in live
// mode (MARKET_DATA=coingecko): the 283 coins of the bundled snapshot
// (apps/server/data-snapshot/), in CoinGecko's response shapes (apps/server/src/integrations/
// market-data/coingecko/fixtures and schemas.ts, /work/shared/reference/coingecko).
//
// A bench fixture, not data: every figure is derived from the snapshot's daily closes, shifted in
// time so that the last close is the fake's start. Between two closes the price is interpolated
// (log-linear, plus a small deterministic wiggle that is zero at each close); after the start it
// stays at the last close. So current_price = last close, market_cap = price × circulating supply,
// the 7-day sparkline and market charts sample that path, changes compare it with itself, 24h
// volumes wobble around the snapshot's figure, ATL is the window's lowest close, trending is the
// largest 24h moves, and the coins without an image URL in the snapshot get a made-up one.
// Coin images (/coins/images/...) are small generated PNGs.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import {
  loadSnapshotDataset,
  type SnapshotCoin,
} from '../../apps/server/src/integrations/market-data/snapshot/dataset.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const imageHost = 'https://coin-images.coingecko.com';

interface Coin {
  snap: SnapshotCoin;
  /** 1-based, by market cap at the start. */
  rank: number;
  /** CoinGecko's "large" image URL. */
  image: string;
  /** 0..1, spreads the wiggle and the volume wobble over coins. */
  phase: number;
  /** CoinGecko's numeric coin id (made up where the snapshot has no image URL). */
  number: number;
}

export interface FakeLiveMarket {
  /** COINGECKO_BASE_URL: `http://127.0.0.1:<port>/api/v3`. */
  baseUrl: string;
  /** COIN_IMAGE_ORIGIN: where `/coins/images/...` is answered. */
  origin: string;
  coinCount: number;
  /** Requests answered so far, by route (`coins/{id}/market_chart`, `unknown`, ...). */
  counts: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** The app's environment for live mode against this fake. */
export function liveMarketEnv(fake: FakeLiveMarket): Record<string, string> {
  return {
    MARKET_DATA: 'coingecko',
    COINGECKO_BASE_URL: fake.baseUrl,
    COINGECKO_CALLS_PER_MINUTE: '1000',
    COIN_IMAGE_ORIGIN: fake.origin,
    BINANCE_ENABLED: 'false',
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Reply = { status: number; json: Json } | { status: 200; png: Buffer };

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(`fake CoinGecko ${status}`);
  }
}

const currencyNames: Record<string, { name: string; unit: string; type: 'fiat' | 'crypto' | 'commodity' }> = {
  btc: { name: 'Bitcoin', unit: 'BTC', type: 'crypto' },
  eth: { name: 'Ether', unit: 'ETH', type: 'crypto' },
  usd: { name: 'US Dollar', unit: '$', type: 'fiat' },
  eur: { name: 'Euro', unit: '€', type: 'fiat' },
  gbp: { name: 'British Pound Sterling', unit: '£', type: 'fiat' },
  jpy: { name: 'Japanese Yen', unit: '¥', type: 'fiat' },
};
const vsCurrencies = Object.keys(currencyNames);

export async function startFakeLiveMarket(): Promise<FakeLiveMarket> {
  const dataset = loadSnapshotDataset();
  const anchorMs = Date.now();
  const days = dataset.days;
  const firstMs = anchorMs - (days - 1) * dayMs;

  function priceAt(coin: Coin, t: number): number {
    const x = Math.max(0, (t - firstMs) / dayMs);
    if (x >= days - 1) return coin.snap.price; // the last close, exactly
    const i = Math.floor(x);
    const f = x - i;
    if (f === 0) return coin.snap.closes[i] ?? coin.snap.price;
    const a = coin.snap.closes[i] ?? coin.snap.price;
    const b = coin.snap.closes[i + 1] ?? a;
    const wiggle =
      0.3 * coin.snap.dailySigma * Math.sin(Math.PI * f) * Math.sin(2 * Math.PI * (3 * f + coin.phase));
    return a * (b / a) ** f * Math.exp(wiggle);
  }
  const volumeAt = (coin: Coin, t: number): number =>
    coin.snap.volume24h * (1 + 0.2 * Math.sin((t - anchorMs) / dayMs + 2 * Math.PI * coin.phase));
  const capOf = (coin: Coin, price: number): number => price * (coin.snap.circulatingSupply ?? 0);

  const coins: Coin[] = dataset.coins
    .map((snap, index) => ({
      snap,
      rank: 0,
      image: snap.image || `${imageHost}/coins/images/${90_000 + index}/large/${snap.id}.png`,
      phase: (index * 0.618_034) % 1,
      number: Number(/\/images\/(\d+)\//.exec(snap.image)?.[1] ?? 90_000 + index),
    }))
    .sort((a, b) => capOf(b, b.snap.price) - capOf(a, a.snap.price));
  coins.forEach((coin, i) => {
    coin.rank = i + 1;
  });
  const byId = new Map(coins.map((c) => [c.snap.id, c]));
  const btc = byId.get('bitcoin');
  const eth = byId.get('ethereum');
  if (!btc || !eth) throw new Error('fake live market: the snapshot lacks bitcoin or ethereum');

  /** Units of `vs` per US dollar (today's rates for every instant: a fixture's simplification). */
  function perUsd(vs: string): number {
    if (vs === 'btc') return 1 / priceAt(btc as Coin, anchorMs);
    if (vs === 'eth') return 1 / priceAt(eth as Coin, anchorMs);
    const rate = dataset.fiatPerUsd[vs];
    if (rate === undefined) throw new HttpError(400, { error: 'invalid vs_currency' });
    return rate;
  }
  const inEvery = (usd: number): Record<string, number> =>
    Object.fromEntries(vsCurrencies.map((vs) => [vs, usd * perUsd(vs)]));
  const iso = (t: number) => new Date(t).toISOString();
  const pct = (now: number, then: number) => (now / then - 1) * 100;
  const variant = (url: string, size: string) => url.replace('/large/', `/${size}/`);

  function range(coin: Coin, from: number, to: number): { high: number; low: number } {
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    for (let t = from; t <= to; t += (to - from) / 24) {
      const p = priceAt(coin, t);
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    return { high, low };
  }
  /** Over the closes only; the snapshot's ATH wins when the window never reached it. */
  function extremes(coin: Coin): { ath: number; athDate: string; atl: number; atlDate: string } {
    let max = 0;
    let min = Number.POSITIVE_INFINITY;
    let maxAt = 0;
    let minAt = 0;
    coin.snap.closes.forEach((p, i) => {
      if (p > max) [max, maxAt] = [p, i];
      if (p < min) [min, minAt] = [p, i];
    });
    // The snapshot's ATH, moved with the closes when it falls in their window (which touches it).
    const athMs = Date.parse(coin.snap.athDate);
    const snapAthDate =
      athMs >= dataset.firstDayMs ? iso(athMs + anchorMs - dataset.asOfMs) : coin.snap.athDate;
    const fromWindow = max > coin.snap.ath * 1.001;
    return {
      ath: Math.max(max, coin.snap.ath),
      athDate: fromWindow ? iso(firstMs + maxAt * dayMs) : snapAthDate,
      atl: min,
      atlDate: iso(firstMs + minAt * dayMs),
    };
  }
  const sparkline = (coin: Coin, now: number, rate: number): number[] =>
    Array.from({ length: 168 }, (_, k) => priceAt(coin, now - (167 - k) * hourMs) * rate);
  const windows: Record<string, number> = {
    '1h': hourMs,
    '24h': dayMs,
    '7d': 7 * dayMs,
    '14d': 14 * dayMs,
    '30d': 30 * dayMs,
    '200d': 200 * dayMs,
    '1y': 365 * dayMs,
  };

  /** What both the markets list and a coin's page derive from the snapshot at `now`. */
  function figuresOf(coin: Coin, now: number) {
    const s = coin.snap;
    return {
      s,
      usd: priceAt(coin, now),
      usd24: priceAt(coin, now - dayMs),
      ...range(coin, now - dayMs, now),
      x: extremes(coin),
      fdvSupply: s.maxSupply ?? s.totalSupply,
    };
  }

  function marketItem(coin: Coin, vs: string, now: number, spark: boolean, changes: string[]): Json {
    const rate = perUsd(vs);
    const { s, usd, usd24, high, low, x, fdvSupply } = figuresOf(coin, now);
    const item: Record<string, Json> = {
      id: s.id,
      symbol: s.symbol,
      name: s.name,
      image: coin.image,
      current_price: usd * rate,
      market_cap: Math.round(capOf(coin, usd) * rate),
      market_cap_rank: coin.rank,
      fully_diluted_valuation: fdvSupply === null ? null : Math.round(usd * fdvSupply * rate),
      total_volume: Math.round(volumeAt(coin, now) * rate),
      high_24h: high * rate,
      low_24h: low * rate,
      price_change_24h: (usd - usd24) * rate,
      price_change_percentage_24h: pct(usd, usd24),
      market_cap_change_24h: (capOf(coin, usd) - capOf(coin, usd24)) * rate,
      market_cap_change_percentage_24h: pct(usd, usd24),
      circulating_supply: s.circulatingSupply,
      total_supply: s.totalSupply,
      max_supply: s.maxSupply,
      ath: x.ath * rate,
      ath_change_percentage: pct(usd, x.ath),
      ath_date: x.athDate,
      atl: x.atl * rate,
      atl_change_percentage: pct(usd, x.atl),
      atl_date: x.atlDate,
      roi: null,
      last_updated: iso(now),
    };
    if (spark) item.sparkline_in_7d = { price: sparkline(coin, now, rate) };
    for (const w of changes) {
      const span = windows[w];
      if (span !== undefined)
        item[`price_change_percentage_${w}_in_currency`] = pct(usd, priceAt(coin, now - span));
    }
    return item;
  }

  const orders: Record<string, (a: Coin, b: Coin) => number> = {
    market_cap_desc: (a, b) => a.rank - b.rank,
    market_cap_asc: (a, b) => b.rank - a.rank,
    volume_desc: (a, b) => b.snap.volume24h - a.snap.volume24h,
    volume_asc: (a, b) => a.snap.volume24h - b.snap.volume24h,
    id_asc: (a, b) => a.snap.id.localeCompare(b.snap.id),
    id_desc: (a, b) => b.snap.id.localeCompare(a.snap.id),
  };
  const listParam = (q: URLSearchParams, key: string): Set<string> | null => {
    const v = q.get(key);
    return v ? new Set(v.split(',').map((s) => s.trim().toLowerCase())) : null;
  };

  function markets(q: URLSearchParams, now: number): Json {
    const vs = (q.get('vs_currency') ?? '').toLowerCase();
    if (vs === '') throw new HttpError(400, { error: 'Missing parameter vs_currency' });
    const ids = listParam(q, 'ids');
    const symbols = listParam(q, 'symbols');
    const names = listParam(q, 'names');
    const category = q.get('category');
    const order = orders[q.get('order') ?? 'market_cap_desc'] ?? orders.market_cap_desc;
    const perPage = Math.min(250, Math.max(1, Number(q.get('per_page') ?? 100) || 100));
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const changes = (q.get('price_change_percentage') ?? '').split(',').filter((w) => w !== '');
    const spark = q.get('sparkline') === 'true';
    return coins
      .filter(
        (c) =>
          (!ids || ids.has(c.snap.id)) &&
          (!symbols || symbols.has(c.snap.symbol.toLowerCase())) &&
          (!names || names.has(c.snap.name.toLowerCase())) &&
          (!category || c.snap.categories.includes(category)),
      )
      .sort(order)
      .slice((page - 1) * perPage, page * perPage)
      .map((c) => marketItem(c, vs, now, spark, changes));
  }

  function coinDetails(coin: Coin, q: URLSearchParams, now: number): Json {
    const { s, usd, usd24, high, low, x, fdvSupply } = figuresOf(coin, now);
    const change = (span: number) => pct(usd, priceAt(coin, now - span));
    const changeIn = (span: number) => Object.fromEntries(vsCurrencies.map((vs) => [vs, change(span)]));
    const dates = (date: string) => Object.fromEntries(vsCurrencies.map((vs) => [vs, date]));
    const marketData: Record<string, Json> = {
      current_price: inEvery(usd),
      total_value_locked: null,
      mcap_to_tvl_ratio: null,
      fdv_to_tvl_ratio: null,
      roi: null,
      ath: inEvery(x.ath),
      ath_change_percentage: Object.fromEntries(vsCurrencies.map((vs) => [vs, pct(usd, x.ath)])),
      ath_date: dates(x.athDate),
      atl: inEvery(x.atl),
      atl_change_percentage: Object.fromEntries(vsCurrencies.map((vs) => [vs, pct(usd, x.atl)])),
      atl_date: dates(x.atlDate),
      market_cap: inEvery(capOf(coin, usd)),
      market_cap_rank: coin.rank,
      fully_diluted_valuation: fdvSupply === null ? {} : inEvery(usd * fdvSupply),
      total_volume: inEvery(volumeAt(coin, now)),
      high_24h: inEvery(high),
      low_24h: inEvery(low),
      price_change_24h: usd - usd24,
      price_change_percentage_24h: change(dayMs),
      price_change_percentage_7d: change(7 * dayMs),
      price_change_percentage_14d: change(14 * dayMs),
      price_change_percentage_30d: change(30 * dayMs),
      price_change_percentage_60d: change(60 * dayMs),
      price_change_percentage_200d: change(200 * dayMs),
      price_change_percentage_1y: change(365 * dayMs),
      market_cap_change_24h: capOf(coin, usd) - capOf(coin, usd24),
      market_cap_change_percentage_24h: change(dayMs),
      price_change_24h_in_currency: inEvery(usd - usd24),
      price_change_percentage_1h_in_currency: changeIn(hourMs),
      price_change_percentage_24h_in_currency: changeIn(dayMs),
      price_change_percentage_7d_in_currency: changeIn(7 * dayMs),
      total_supply: s.totalSupply,
      max_supply: s.maxSupply,
      circulating_supply: s.circulatingSupply,
      last_updated: iso(now),
    };
    if (q.get('sparkline') === 'true') marketData.sparkline_7d = { price: sparkline(coin, now, 1) };
    const body: Record<string, Json> = {
      id: s.id,
      symbol: s.symbol,
      name: s.name,
      web_slug: s.id,
      asset_platform_id: null,
      platforms: {},
      block_time_in_minutes: 0,
      hashing_algorithm: null,
      // CoinGecko names its categories here ("Layer 1 (L1)"); the snapshot keeps their ids.
      categories: s.categories.map((c) => c.replaceAll('-', ' ').replace(/\b\w/g, (ch) => ch.toUpperCase())),
      public_notice: null,
      additional_notices: [],
      description: { en: `${s.name} (bench fixture: figures derived from the offline snapshot).` },
      links: {
        homepage: [''],
        blockchain_site: [''],
        official_forum_url: [''],
        chat_url: [''],
        announcement_url: [''],
        twitter_screen_name: '',
        facebook_username: '',
        telegram_channel_identifier: '',
        subreddit_url: null,
        repos_url: { github: [], bitbucket: [] },
      },
      image: { thumb: variant(coin.image, 'thumb'), small: variant(coin.image, 'small'), large: coin.image },
      country_origin: '',
      genesis_date: null,
      sentiment_votes_up_percentage: null,
      sentiment_votes_down_percentage: null,
      watchlist_portfolio_users: null,
      market_cap_rank: coin.rank,
      status_updates: [],
      last_updated: iso(now),
    };
    if (q.get('market_data') !== 'false') body.market_data = marketData;
    if (q.get('community_data') !== 'false')
      body.community_data = {
        facebook_likes: null,
        twitter_followers: null,
        reddit_average_posts_48h: 0,
        reddit_average_comments_48h: 0,
        reddit_subscribers: null,
        reddit_accounts_active_48h: null,
        telegram_channel_user_count: null,
      };
    if (q.get('developer_data') !== 'false')
      body.developer_data = {
        forks: null,
        stars: null,
        subscribers: null,
        total_issues: null,
        closed_issues: null,
        pull_requests_merged: null,
        pull_request_contributors: null,
        code_additions_deletions_4_weeks: { additions: null, deletions: null },
        commit_count_4_weeks: null,
        last_4_weeks_commit_activity_series: [],
      };
    if (q.get('tickers') !== 'false') body.tickers = [];
    return body;
  }

  function daysParam(q: URLSearchParams): number {
    const raw = q.get('days');
    if (raw === 'max') return days;
    const n = Number(raw);
    if (raw === null || raw === '' || !Number.isFinite(n) || n <= 0)
      throw new HttpError(400, { error: 'invalid days' });
    return n;
  }

  /** Automatic granularity as CoinGecko's: 1 day 5-minutely, up to 90 days hourly, then daily. */
  function marketChart(coin: Coin, q: URLSearchParams, now: number): Json {
    const rate = perUsd((q.get('vs_currency') ?? '').toLowerCase());
    const span = daysParam(q);
    const step = q.get('interval') === 'daily' || span > 90 ? dayMs : span <= 1 ? 5 * minuteMs : hourMs;
    const from = Math.max(firstMs, now - span * dayMs);
    const times: number[] = [];
    for (let t = Math.ceil(from / step) * step; t < now; t += step) times.push(t);
    times.push(now); // the last point is the live value, off the grid
    const prices: Json[] = [];
    const caps: Json[] = [];
    const volumes: Json[] = [];
    for (const t of times) {
      const p = priceAt(coin, t);
      prices.push([t, p * rate]);
      caps.push([t, capOf(coin, p) * rate]);
      volumes.push([t, volumeAt(coin, t) * rate]);
    }
    return { prices, market_caps: caps, total_volumes: volumes };
  }

  /** [close time, open, high, low, close]; 30-minute candles up to 2 days, 4-hour to 30, then 4-day. */
  function ohlc(coin: Coin, q: URLSearchParams, now: number): Json {
    const rate = perUsd((q.get('vs_currency') ?? '').toLowerCase());
    const span = daysParam(q);
    const step = span <= 2 ? 30 * minuteMs : span <= 30 ? 4 * hourMs : 4 * dayMs;
    const from = Math.max(firstMs, now - span * dayMs);
    const ends: number[] = [];
    for (let end = Math.floor(now / step) * step; end - step >= from; end -= step) ends.unshift(end);
    if (ends.at(-1) !== now) ends.push(now); // the current candle, still open
    return ends.map((end) => {
      const start = Math.ceil(end / step) * step - step; // the open candle starts at the last boundary
      let high = 0;
      let low = Number.POSITIVE_INFINITY;
      for (let k = 0; k <= 8; k++) {
        const p = priceAt(coin, start + (k * (end - start)) / 8);
        high = Math.max(high, p);
        low = Math.min(low, p);
      }
      return [end, priceAt(coin, start) * rate, high * rate, low * rate, priceAt(coin, end) * rate];
    });
  }

  function search(q: URLSearchParams): Json {
    const query = (q.get('query') ?? '').trim().toLowerCase();
    const found =
      query === ''
        ? []
        : coins.filter(
            (c) =>
              c.snap.id.includes(query) ||
              c.snap.name.toLowerCase().includes(query) ||
              c.snap.symbol.toLowerCase().includes(query),
          );
    return {
      coins: found.slice(0, 25).map((c) => ({
        id: c.snap.id,
        name: c.snap.name,
        api_symbol: c.snap.id,
        symbol: c.snap.symbol.toUpperCase(),
        market_cap_rank: c.rank,
        thumb: variant(c.image, 'thumb'),
        large: c.image,
      })),
      exchanges: [],
      icos: [],
      categories: [],
      nfts: [],
    };
  }

  const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
  function trending(now: number): Json {
    const move = (c: Coin) => Math.abs(pct(priceAt(c, now), priceAt(c, now - dayMs)));
    const top = [...coins].sort((a, b) => move(b) - move(a)).slice(0, 15);
    const btcUsd = priceAt(btc as Coin, now);
    return {
      coins: top.map((c, score) => {
        const usd = priceAt(c, now);
        const change = pct(usd, priceAt(c, now - dayMs));
        return {
          item: {
            id: c.snap.id,
            coin_id: c.number,
            name: c.snap.name,
            symbol: c.snap.symbol.toUpperCase(),
            market_cap_rank: c.rank,
            thumb: variant(c.image, 'standard'),
            small: variant(c.image, 'small'),
            large: c.image,
            slug: c.snap.id,
            price_btc: usd / btcUsd,
            score,
            data: {
              price: usd,
              price_btc: String(usd / btcUsd),
              price_change_percentage_24h: Object.fromEntries(vsCurrencies.map((vs) => [vs, change])),
              market_cap: dollars(capOf(c, usd)),
              market_cap_btc: String(capOf(c, usd) / btcUsd),
              total_volume: dollars(volumeAt(c, now)),
              total_volume_btc: String(volumeAt(c, now) / btcUsd),
              sparkline: `https://www.coingecko.com/coins/${c.number}/sparkline.svg`,
            },
          },
        };
      }),
      nfts: [],
      categories: [],
    };
  }

  function global(now: number): Json {
    let cap = 0;
    let cap24 = 0;
    let volume = 0;
    for (const c of coins) {
      cap += capOf(c, priceAt(c, now));
      cap24 += capOf(c, priceAt(c, now - dayMs));
      volume += volumeAt(c, now);
    }
    return {
      data: {
        active_cryptocurrencies: coins.length,
        upcoming_icos: 0,
        ongoing_icos: 49,
        ended_icos: 3376,
        markets: 1297,
        total_market_cap: inEvery(cap),
        total_volume: inEvery(volume),
        market_cap_percentage: Object.fromEntries(
          coins
            .slice(0, 10)
            .map((c) => [c.snap.symbol.toLowerCase(), (capOf(c, priceAt(c, now)) / cap) * 100]),
        ),
        market_cap_change_percentage_24h_usd: pct(cap, cap24),
        updated_at: Math.floor(now / 1000),
      },
    };
  }

  function exchangeRates(now: number): Json {
    const btcUsd = priceAt(btc as Coin, now);
    const rates: Record<string, Json> = {};
    for (const [code, meta] of Object.entries(currencyNames))
      rates[code] = { ...meta, value: code === 'btc' ? 1 : btcUsd * perUsd(code) };
    const gold = byId.get('pax-gold');
    if (gold)
      rates.xau = {
        name: 'Gold - Troy Ounce',
        unit: 'XAU',
        value: btcUsd / priceAt(gold, now),
        type: 'commodity',
      };
    return { rates };
  }

  const counts = new Map<string, number>();
  const unknownLogged = new Set<string>();
  const count = (route: string) => counts.set(route, (counts.get(route) ?? 0) + 1);

  function answer(url: URL): Reply {
    const now = Date.now();
    const path = url.pathname;
    const q = url.searchParams;
    if (path.startsWith('/coins/images/')) {
      count('coins/images');
      return { status: 200, png: coinPng(path) };
    }
    const api = path.replace(/^\/api\/v3\//, '').replace(/\/+$/, '');
    const fixed: Record<string, () => Json> = {
      ping: () => ({ gecko_says: '(V3) To the Moon!' }),
      'coins/markets': () => markets(q, now),
      global: () => global(now),
      exchange_rates: () => exchangeRates(now),
      'search/trending': () => trending(now),
      search: () => search(q),
    };
    const direct = path.startsWith('/api/v3/') ? fixed[api] : undefined;
    if (direct) {
      count(api);
      return { status: 200, json: direct() };
    }
    const m = /^coins\/([^/]+)(?:\/(market_chart|ohlc))?$/.exec(api);
    if (path.startsWith('/api/v3/') && m && m[1] !== 'list' && m[1] !== 'categories') {
      const kind = m[2] ?? '';
      count(kind ? `coins/{id}/${kind}` : 'coins/{id}');
      const coin = byId.get(decodeURIComponent(m[1] ?? ''));
      if (!coin) return { status: 404, json: { error: 'coin not found' } };
      if (kind === 'market_chart') return { status: 200, json: marketChart(coin, q, now) };
      if (kind === 'ohlc') return { status: 200, json: ohlc(coin, q, now) };
      return { status: 200, json: coinDetails(coin, q, now) };
    }
    count('unknown');
    if (!unknownLogged.has(path)) {
      unknownLogged.add(path);
      process.stderr.write(`fake CoinGecko: no answer for ${path}${url.search}\n`);
    }
    return { status: 404, json: { error: 'Incorrect path. Please check https://www.coingecko.com/api/' } };
  }

  function send(res: ServerResponse, reply: Reply): void {
    if ('png' in reply) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': reply.png.length });
      res.end(reply.png);
      return;
    }
    const text = JSON.stringify(reply.json);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  }

  const server = createServer((req, res) => {
    try {
      send(res, answer(new URL(req.url ?? '/', 'http://127.0.0.1')));
    } catch (error) {
      if (error instanceof HttpError) send(res, { status: error.status, json: error.body });
      else send(res, { status: 500, json: { error: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/api/v3`,
    origin,
    coinCount: coins.length,
    counts,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- A small PNG per image path: a filled circle in a colour taken from the path (~300 bytes).

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const pngs = new Map<string, Buffer>();
function coinPng(path: string): Buffer {
  const held = pngs.get(path);
  if (held) return held;
  let hash = 2166136261;
  for (const ch of path) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  const [r, g, b] = [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff];
  const size = 64;
  const raw = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4); // filter byte 0 (none) then RGBA pixels
    for (let x = 0; x < size; x++) {
      const inside = (x - 31.5) ** 2 + (y - 31.5) ** 2 <= 31 ** 2;
      raw.set(inside ? [r, g, b, 255] : [0, 0, 0, 0], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  pngs.set(path, png);
  return png;
}
