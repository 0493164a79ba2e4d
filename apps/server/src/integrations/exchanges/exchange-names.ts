/** The exchanges a connection can sync from. */
export type ExchangeId = 'kraken' | 'binance' | 'coinbase';

/** The exchanges whose history and key permissions can be read. */
export type HistoryExchangeId = ExchangeId;

/** How the exchange is named in sentences a person reads. */
export const exchangeLabel: Readonly<Record<ExchangeId, string>> = {
  kraken: 'Kraken',
  binance: 'Binance',
  coinbase: 'Coinbase',
};
