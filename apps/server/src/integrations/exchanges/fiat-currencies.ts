/**
 * Money rather than crypto assets, by ccxt code. Kraken books both in one ledger and says which is
 * which only through the asset; Binance keeps money in separate endpoints.
 */
const fiat = new Set([
  'AED',
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'JPY',
  'MXN',
  'NOK',
  'NZD',
  'PLN',
  'SEK',
  'SGD',
  'TRY',
  'USD',
  'ZAR',
]);

export function isFiatCode(code: string): boolean {
  return fiat.has(code);
}
