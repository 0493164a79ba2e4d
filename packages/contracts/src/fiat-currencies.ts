/**
 * Every fiat currency CoinGecko quotes prices in (its `vs_currencies`, lower case), without the
 * coins (btc, eth, bnb, sats…), the metals (xau, xag) and the IMF's drawing right (xdr) it also
 * quotes. The four most used come first, so a picker opens on them; the rest are alphabetical.
 * A constants file without schemas: the app shell reads it at first paint.
 */
export const fiatCurrencies = [
  'usd',
  'eur',
  'gbp',
  'jpy',
  'aed',
  'ars',
  'aud',
  'bdt',
  'bhd',
  'bmd',
  'brl',
  'cad',
  'chf',
  'clp',
  'cny',
  'czk',
  'dkk',
  'hkd',
  'huf',
  'idr',
  'ils',
  'inr',
  'krw',
  'kwd',
  'lkr',
  'mmk',
  'mxn',
  'myr',
  'ngn',
  'nok',
  'nzd',
  'php',
  'pkr',
  'pln',
  'rub',
  'sar',
  'sek',
  'sgd',
  'thb',
  'try',
  'twd',
  'uah',
  'vef',
  'vnd',
  'zar',
] as const;
export type FiatCurrency = (typeof fiatCurrencies)[number];

const fiatSet: ReadonlySet<string> = new Set(fiatCurrencies);

/** True for a code (any case) of the fiat currencies above. */
export function isQuotedFiat(code: string): code is FiatCurrency {
  return fiatSet.has(code.toLowerCase());
}
