/**
 * Symbol-level identification for imports. A symbol is ambiguous in general (many coins share
 * one), so the import returns the symbol and, only for the majors below, the CoinGecko id we are
 * sure of; the server or the user resolves the rest.
 */
import { isQuotedFiat } from '@app/contracts';

const knownCoinIds: Readonly<Record<string, string>> = {
  AAVE: 'aave',
  ADA: 'cardano',
  ALGO: 'algorand',
  APT: 'aptos',
  ARB: 'arbitrum',
  ATOM: 'cosmos',
  AVAX: 'avalanche-2',
  BCH: 'bitcoin-cash',
  BNB: 'binancecoin',
  BSV: 'bitcoin-cash-sv',
  BTC: 'bitcoin',
  BUSD: 'binance-usd',
  DAI: 'dai',
  DOGE: 'dogecoin',
  DOT: 'polkadot',
  EOS: 'eos',
  ETC: 'ethereum-classic',
  ETH: 'ethereum',
  FDUSD: 'first-digital-usd',
  FIL: 'filecoin',
  HBAR: 'hedera-hashgraph',
  ICP: 'internet-computer',
  IOTA: 'iota',
  KNC: 'kyber-network-crystal',
  LINK: 'chainlink',
  LTC: 'litecoin',
  MATIC: 'matic-network',
  MKR: 'maker',
  NEAR: 'near',
  OP: 'optimism',
  PEPE: 'pepe',
  POL: 'polygon-ecosystem-token',
  SHIB: 'shiba-inu',
  SOL: 'solana',
  SUI: 'sui',
  TON: 'the-open-network',
  TRX: 'tron',
  TUSD: 'true-usd',
  UNI: 'uniswap',
  USDC: 'usd-coin',
  USDT: 'tether',
  VET: 'vechain',
  XLM: 'stellar',
  XMR: 'monero',
  XRP: 'ripple',
  XTZ: 'tezos',
  ZEC: 'zcash',
};

export function bestKnownCoinId(symbol: string): string | null {
  return knownCoinIds[symbol.toUpperCase()] ?? null;
}

const knownSymbols: ReadonlyMap<string, string> = new Map(
  Object.entries(knownCoinIds).map(([symbol, id]) => [id, symbol]),
);

/** The ticker people know a major coin by ("bitcoin" → "BTC"); null for coins not listed above. */
export function knownCoinSymbol(coinId: string): string | null {
  return knownSymbols.get(coinId) ?? null;
}

/** Fiat currencies (and every one the market quotes, isQuotedFiat): never a holding, only the currency a price is expressed in. */
const fiat = new Set(
  'USD EUR GBP CAD AUD NZD CHF JPY CNY HKD SGD KRW INR IDR CZK PLN HUF SEK NOK DKK RON BGN TRY RUB UAH BRL ARS MXN COP CLP PEN ZAR NGN KES AED SAR ILS THB VND PHP MYR TWD KZT'.split(
    ' ',
  ),
);

export function isFiat(code: string): boolean {
  return fiat.has(code.toUpperCase()) || isQuotedFiat(code);
}

/**
 * Which side of a crypto/crypto trade is the "price currency": fiat first, then stablecoins,
 * then the usual quote assets. Neither known → the asset spent is the quote.
 */
const quotePriority = ['USDT', 'USDC', 'BUSD', 'FDUSD', 'TUSD', 'DAI', 'BTC', 'ETH', 'BNB'];

export function quoteRank(code: string): number {
  if (isFiat(code)) return 100;
  const i = quotePriority.indexOf(code.toUpperCase());
  return i === -1 ? 0 : quotePriority.length - i;
}

/** Kraken's legacy X/Z-prefixed codes (XXBT, ZUSD) and staking variants (ADA.S, SOL03.S, ETH2.S). */
const krakenLegacy: Readonly<Record<string, string>> = {
  XXBT: 'BTC',
  XBT: 'BTC',
  XETH: 'ETH',
  XXDG: 'DOGE',
  XDG: 'DOGE',
  XLTC: 'LTC',
  XXRP: 'XRP',
  XXLM: 'XLM',
  XXMR: 'XMR',
  XETC: 'ETC',
  XZEC: 'ZEC',
  XMLN: 'MLN',
  XREP: 'REP',
  XXTZ: 'XTZ',
  ZUSD: 'USD',
  ZEUR: 'EUR',
  ZGBP: 'GBP',
  ZCAD: 'CAD',
  ZJPY: 'JPY',
  ZAUD: 'AUD',
  ZCHF: 'CHF',
};

export function normalizeAsset(raw: string): string {
  let code = raw.trim().toUpperCase();
  const staked = /\.(S|M|P|F|B)$/.test(code);
  if (staked) code = code.slice(0, -2).replace(/\d+$/, '');
  // Coinbase and Kraken both label staked ether ETH2: the same coin.
  if (code === 'ETH2') code = 'ETH';
  return krakenLegacy[code] ?? code;
}

/**
 * Split an exchange pair (XXBTZEUR, DOTUSD, LTCBTC, SOLBUSD) into base and quote codes. Several
 * suffixes can match (DOTUSD ends in TUSD and in USD), so a split whose base is a coin we know
 * wins; otherwise the longest quote.
 */
export function splitPair(pair: string): { base: string; quote: string } | null {
  const p = pair.trim().toUpperCase().replace(/[-_/]/g, '');
  const candidates = pairQuotes
    .filter((q) => p.endsWith(q) && p.length - q.length >= 2)
    .map((q) => ({ base: normalizeAsset(p.slice(0, -q.length)), quote: normalizeAsset(q) }));
  return candidates.find((c) => bestKnownCoinId(c.base) !== null) ?? candidates[0] ?? null;
}

const pairQuotes = [...Object.keys(krakenLegacy), 'FDUSD', 'TUSD', ...quotePriority, ...fiat, 'DOT'].sort(
  (a, b) => b.length - a.length,
);
