/**
 * What the import recognised, in words ("a Coinbase export"), for the preview's first sentence:
 * the parser's generation ids ('kraken/ledgers') are for code and tests, not for people.
 */
const names: Record<string, string> = {
  template: 'our CSV template',
  coinbase: 'a Coinbase export',
  'binance/transaction_history': 'a Binance transaction history',
  'binance/spot_trades': 'a Binance spot trade history',
  'binance/legacy_trades': 'a Binance trade history (older layout)',
  'binance/buy_crypto': 'a Binance Buy Crypto history',
  'kraken/ledgers': 'a Kraken ledger',
  'kraken/trades': 'a Kraken trades export',
};

export function importFormatName(format: string): string {
  const known = names[format];
  if (known !== undefined) return known;
  // A generation added on the server before this list: its exchange, capitalised, still reads.
  const [exchange = format] = format.split('/');
  return `a ${exchange.charAt(0).toUpperCase()}${exchange.slice(1)} export`;
}
