/**
 * The exchanges' own ids of their records, written the same way by the CSV import and the API
 * sync: a record that arrives both ways carries one ref, so it is recognised as one record.
 * Every leg of a trade (the coin bought, the coin spent, a fee paid in a third coin) shares it.
 */
export const outsideRefs = {
  kraken: {
    /** TradesHistory's key, the trades export's `txid`, and the ledger's `refid` of a trade. */
    trade: (tradeId: string) => `kraken:trade:${tradeId}`,
    /** A ledger entry's own id (the ledgers export's `txid`): deposits, withdrawals, rewards. */
    ledger: (ledgerId: string) => `kraken:ledger:${ledgerId}`,
  },
  binance: {
    /** Binance numbers trades per symbol. */
    trade: (symbol: string, tradeId: string) => `binance:trade:${symbol}:${tradeId}`,
    deposit: (id: string) => `binance:deposit:${id}`,
    withdrawal: (id: string) => `binance:withdrawal:${id}`,
  },
  coinbase: {
    trade: (tradeId: string) => `coinbase:trade:${tradeId}`,
    transaction: (id: string) => `coinbase:transaction:${id}`,
  },
} as const;
