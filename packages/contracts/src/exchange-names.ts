// The exchanges a connection can follow, by id and name only: what a connection's card shows.

/** ccxt's ids of the exchanges a connection reads with a read-only API key. */
export const exchangeIds = ['kraken', 'coinbase', 'binance'] as const;
export type ExchangeId = (typeof exchangeIds)[number];

export const exchangeNames: Readonly<Record<ExchangeId, string>> = {
  kraken: 'Kraken',
  coinbase: 'Coinbase (Advanced Trade)',
  binance: 'Binance',
};
