// The market's limits, choices and messages without its schemas, apart from market-constants
// (which every page's first load carries), so only the pages that use them load them.

/** Market limits and the coin-search rules. */
export const marketLimits = {
  listPageSize: 50,
  /** CoinGecko's own per_page ceiling for coins/markets. */
  listMaxPageSize: 250,
  trending: 15,
  topPerforming: 15,
  marketSelectMax: 100,
  searchLimit: 10,
  searchMinChars: 2,
  searchDebounceMs: 300,
} as const;

export const chartTimeframes = ['1D', '1W', '1M', '3M', '1Y', 'ALL'] as const;
type ChartTimeframe = (typeof chartTimeframes)[number];

/** The category filter's choices: CoinGecko category ids (the snapshot uses the same ids). */
export const marketCategoryOptions: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'layer-1', name: 'Layer 1' },
  { id: 'layer-2', name: 'Layer 2' },
  { id: 'smart-contract-platform', name: 'Smart contract platforms' },
  { id: 'decentralized-finance-defi', name: 'DeFi' },
  { id: 'stablecoins', name: 'Stablecoins' },
  { id: 'meme-token', name: 'Meme' },
  { id: 'exchange-based-tokens', name: 'Exchange tokens' },
  { id: 'artificial-intelligence', name: 'AI' },
  { id: 'real-world-assets-rwa', name: 'Real-world assets' },
  { id: 'gaming', name: 'Gaming' },
  { id: 'liquid-staking-tokens', name: 'Liquid staking' },
  { id: 'privacy-coins', name: 'Privacy' },
  { id: 'oracle', name: 'Oracles' },
  { id: 'storage', name: 'Storage' },
  { id: 'decentralized-exchange', name: 'DEX' },
  { id: 'infrastructure', name: 'Infrastructure' },
];

/** The required-id messages, fetch failures and refresh toasts, word for word. */
export const marketMessages = {
  coinIdRequired: 'Coin ID is required',
  symbolRequired: 'Symbol is required',
  idRequired: 'ID is required',
  coinNotFound: 'Coin not found',
  watchlistNotFound: 'Watchlist not found',
  watchlistItemNotFound: 'Watchlist item not found',
  watchlistNameTaken: 'A watchlist with this name already exists',
  coinAlreadyInWatchlist: 'This coin is already in the watchlist',
  marketUnavailable: 'Market data is not available yet. Please try again later.',
  globalFetchFailed: 'Failed to fetch global market data',
  cryptocurrenciesFetchFailed: 'Failed to fetch cryptocurrencies',
  refreshing: 'Refreshing cryptocurrency data...',
  refreshed: 'Data refreshed successfully',
  refreshFailed: 'Failed to refresh data. Please try again.',
} as const;

export const coinListOrders = [
  'market_cap_desc',
  'market_cap_asc',
  'volume_desc',
  'volume_asc',
  'price_desc',
  'price_asc',
  'change_1h_desc',
  'change_1h_asc',
  'change_24h_desc',
  'change_24h_asc',
  'change_7d_desc',
  'change_7d_asc',
  'name_asc',
  'name_desc',
] as const;

export type CoinListOrder = (typeof coinListOrders)[number];

/** Timeframe → days of history behind the chart (the chart's timeframes). */
export const timeframeDays: Record<ChartTimeframe, number | 'max'> = {
  '1D': 1,
  '1W': 7,
  '1M': 30,
  '3M': 90,
  '1Y': 365,
  ALL: 'max',
};
