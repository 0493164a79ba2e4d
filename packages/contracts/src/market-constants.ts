/**
 * Market constants without schemas: the app shell reads the currencies, sources and routes at
 * first paint, and a module that also held the market schemas would bring them and zod along
 * (the browser build places a module whole in the first chunk that imports it).
 */

import { fiatCurrencies } from './fiat-currencies.ts';
import { apiBase } from './routes.ts';

/** The base currency defaults to usd: every fiat currency the market quotes, then bitcoin and ether. */
export const baseCurrencies = [...fiatCurrencies, 'btc', 'eth'] as const;
export type BaseCurrency = (typeof baseCurrencies)[number];
export const defaultBaseCurrency: BaseCurrency = 'usd';

/**
 * Who produces stored market rows: real providers by name, and 'demo'
 * for the bundled snapshot's simulated prices.
 */
export const marketSourceIds = ['coingecko', 'binance', 'coinbase', 'demo'] as const;
export type MarketSourceId = (typeof marketSourceIds)[number];

/** 'demo' until the server first reaches a real provider (or always with MARKET_DATA=snapshot). */
export const marketModes = ['demo', 'live'] as const;
export type MarketMode = (typeof marketModes)[number];

// ---------------------------------------------------------------------------------------
// Routes of the public market data and the terminal.

export const marketRoutes = {
  list: '/v2/cryptocurrencies/',
  /** Ours: the market's source, mode (demo or live) and age. */
  status: '/v2/market/status/',
  globalData: '/v2/cryptocurrencies/global_data/',
  trending: '/v2/cryptocurrencies/trending/',
  topPerforming: '/v2/cryptocurrencies/top_performing/',
  priceChanges: '/v2/cryptocurrencies/price-changes/',
  allMarketData: '/v2/cryptocurrencies/all_market_data/',
  marketSelect: '/v2/cryptocurrencies/market_select/',
  search: '/v2/cryptocurrencies/search/',
  details: (id: string) => `/v2/cryptocurrencies/details/${encodeURIComponent(id)}/`,
  social: (id: string) => `/v2/cryptocurrencies/${encodeURIComponent(id)}/social/`,
  chart: (id: string) => `/v2/cryptocurrencies/${encodeURIComponent(id)}/chart/`,
  terminalOhlc: (id: string) => `/v2/terminal/ohlc/${encodeURIComponent(id)}/`,
  metricsOhlc: '/v2/metrics/ohlc/',
  marketBreadth: '/v2/terminal/market-breadth/',
  coinSearch: '/v2/terminal/coin-search/',
  userCoins: '/v2/terminal/user-coins/',
  watchlists: '/v2/terminal/watchlists/',
  watchlist: (id: string) => `/v2/terminal/watchlists/${encodeURIComponent(id)}/`,
  watchlistItems: '/v2/terminal/watchlist-items/',
  watchlistItem: (id: string) => `/v2/terminal/watchlist-items/${encodeURIComponent(id)}/`,
  /** Ours: a coin logo served from this server, fetched once from the market's image host. */
  coinImage: '/v2/coin-images/',
} as const;

/** A coin logo's address on this server: the market's image URL and the letters drawn when it cannot load. */
export function coinImagePath(src: string, letters: string): string {
  return `${apiBase}${marketRoutes.coinImage}?src=${encodeURIComponent(src)}&letters=${encodeURIComponent(letters)}`;
}
