/**
 * Which Binance spot pair prices which of our (CoinGecko) coin ids. Written by hand and
 * checked, never derived from ticker letters: CoinGecko lists several coins per ticker
 * ("UNI", "LUNA", "S"), and guessing the wrong one would chart another asset's history as
 * this one's. Only pairs quoted in USDT are listed, so every figure from Binance is a USDT
 * price (recorded as such; see README "Market data"). Coins Binance delisted (MATICUSDT,
 * XMRUSDT, WAVESUSDT, ...) or never listed, and the quote asset itself (tether), are absent:
 * they keep CoinGecko's history only. Bridged, wrapped and staked tokens are absent too
 * unless Binance trades them under their own name (WBTC, WBETH).
 */
export const binanceQuoteAsset = 'USDT';

export const binanceSymbolTable: Readonly<Record<string, string>> = {
  bitcoin: 'BTCUSDT',
  ethereum: 'ETHUSDT',
  ripple: 'XRPUSDT',
  binancecoin: 'BNBUSDT',
  solana: 'SOLUSDT',
  'usd-coin': 'USDCUSDT',
  tron: 'TRXUSDT',
  dogecoin: 'DOGEUSDT',
  cardano: 'ADAUSDT',
  'wrapped-bitcoin': 'WBTCUSDT',
  chainlink: 'LINKUSDT',
  'wrapped-beacon-eth': 'WBETHUSDT',
  'bitcoin-cash': 'BCHUSDT',
  stellar: 'XLMUSDT',
  sui: 'SUIUSDT',
  'avalanche-2': 'AVAXUSDT',
  'hedera-hashgraph': 'HBARUSDT',
  litecoin: 'LTCUSDT',
  'shiba-inu': 'SHIBUSDT',
  'the-open-network': 'TONUSDT',
  polkadot: 'DOTUSDT',
  uniswap: 'UNIUSDT',
  aave: 'AAVEUSDT',
  ethena: 'ENAUSDT',
  pepe: 'PEPEUSDT',
  near: 'NEARUSDT',
  bittensor: 'TAOUSDT',
  'ethereum-classic': 'ETCUSDT',
  aptos: 'APTUSDT',
  'internet-computer': 'ICPUSDT',
  'polygon-ecosystem-token': 'POLUSDT',
  'worldcoin-wld': 'WLDUSDT',
  arbitrum: 'ARBUSDT',
  cosmos: 'ATOMUSDT',
  algorand: 'ALGOUSDT',
  vechain: 'VETUSDT',
  'render-token': 'RENDERUSDT',
  'first-digital-usd': 'FDUSDUSDT',
  'official-trump': 'TRUMPUSDT',
  filecoin: 'FILUSDT',
  'pudgy-penguins': 'PENGUUSDT',
  'sei-network': 'SEIUSDT',
  bonk: 'BONKUSDT',
  'jupiter-exchange-solana': 'JUPUSDT',
  'fetch-ai': 'FETUSDT',
  'quant-network': 'QNTUSDT',
  'injective-protocol': 'INJUSDT',
  optimism: 'OPUSDT',
  blockstack: 'STXUSDT',
  'immutable-x': 'IMXUSDT',
  'the-graph': 'GRTUSDT',
  'lido-dao': 'LDOUSDT',
  'pax-gold': 'PAXGUSDT',
  'curve-dao-token': 'CRVUSDT',
  floki: 'FLOKIUSDT',
  'theta-token': 'THETAUSDT',
  'the-sandbox': 'SANDUSDT',
  decentraland: 'MANAUSDT',
  gala: 'GALAUSDT',
  tezos: 'XTZUSDT',
  neo: 'NEOUSDT',
  iota: 'IOTAUSDT',
  'axie-infinity': 'AXSUSDT',
  'ethereum-name-service': 'ENSUSDT',
  'pyth-network': 'PYTHUSDT',
  thorchain: 'RUNEUSDT',
  jasmycoin: 'JASMYUSDT',
  'pancakeswap-token': 'CAKEUSDT',
  'conflux-token': 'CFXUSDT',
  arweave: 'ARUSDT',
  'mantra-dao': 'OMUSDT',
  celestia: 'TIAUSDT',
  dogwifcoin: 'WIFUSDT',
  'ether-fi': 'ETHFIUSDT',
  eigenlayer: 'EIGENUSDT',
  starknet: 'STRKUSDT',
  zksync: 'ZKUSDT',
  'euro-coin': 'EURCUSDT',
  dash: 'DASHUSDT',
  zcash: 'ZECUSDT',
  iotex: 'IOTXUSDT',
  zilliqa: 'ZILUSDT',
  ravencoin: 'RVNUSDT',
  qtum: 'QTUMUSDT',
  '1inch': '1INCHUSDT',
  'compound-governance-token': 'COMPUSDT',
  'yearn-finance': 'YFIUSDT',
  sushi: 'SUSHIUSDT',
  havven: 'SNXUSDT',
  pendle: 'PENDLEUSDT',
  'jito-governance-token': 'JTOUSDT',
  apecoin: 'APEUSDT',
  flow: 'FLOWUSDT',
  chiliz: 'CHZUSDT',
  enjincoin: 'ENJUSDT',
  livepeer: 'LPTUSDT',
  holotoken: 'HOTUSDT',
  ankr: 'ANKRUSDT',
  'oasis-network': 'ROSEUSDT',
  kava: 'KAVAUSDT',
  harmony: 'ONEUSDT',
  celo: 'CELOUSDT',
  notcoin: 'NOTUSDT',
  'book-of-meme': 'BOMEUSDT',
  'elrond-erd-2': 'EGLDUSDT',
  'terra-luna-2': 'LUNAUSDT',
  'terra-luna': 'LUNCUSDT',
  ontology: 'ONTUSDT',
  icon: 'ICXUSDT',
  ordinals: 'ORDIUSDT',
  'trust-wallet-token': 'TWTUSDT',
  kusama: 'KSMUSDT',
  'mask-network': 'MASKUSDT',
  digibyte: 'DGBUSDT',
  'celer-network': 'CELRUSDT',
};

export interface SymbolIndex {
  /** The pair for a coin id, when exactly one coin claims it. */
  symbolOf(coinId: string): string | undefined;
  /** The coin id for a pair, when exactly one coin claims it. */
  coinOf(symbol: string): string | undefined;
  /** Pairs claimed by more than one coin: refused, neither coin gets Binance data. */
  refused: ReadonlyMap<string, readonly string[]>;
  /** Every coin id with an unambiguous pair. */
  coinIds(): string[];
}

/** Binance symbols are upper-case letters and digits (e.g. 1INCHUSDT). */
const symbolPattern = /^[A-Z0-9]{2,20}$/;

/**
 * Indexes a table both ways. A pair claimed by two coins is refused for both (a wrong
 * history is worse than none); a malformed symbol is refused too. `onRefused` reports each.
 */
export function buildSymbolIndex(
  table: Readonly<Record<string, string>>,
  onRefused?: (symbol: string, coinIds: readonly string[]) => void,
): SymbolIndex {
  const claims = new Map<string, string[]>();
  for (const [coinId, rawSymbol] of Object.entries(table)) {
    const symbol = rawSymbol.trim().toUpperCase();
    const list = claims.get(symbol) ?? [];
    list.push(coinId);
    claims.set(symbol, list);
  }
  const bySymbol = new Map<string, string>();
  const byCoin = new Map<string, string>();
  const refused = new Map<string, readonly string[]>();
  for (const [symbol, coinIds] of claims) {
    const coinId = coinIds[0];
    if (coinIds.length !== 1 || coinId === undefined || !symbolPattern.test(symbol)) {
      refused.set(symbol, coinIds);
      onRefused?.(symbol, coinIds);
      continue;
    }
    bySymbol.set(symbol, coinId);
    byCoin.set(coinId, symbol);
  }
  return {
    symbolOf: (coinId) => byCoin.get(coinId),
    coinOf: (symbol) => bySymbol.get(symbol.toUpperCase()),
    refused,
    coinIds: () => [...byCoin.keys()],
  };
}
