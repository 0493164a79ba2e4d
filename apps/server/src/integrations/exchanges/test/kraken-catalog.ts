/**
 * Assets and pairs as Kraken's Assets and AssetPairs describe them. Kraken's older assets carry an
 * X (crypto) or Z (money) in front of their id (XXBT, ZEUR) and not in their altname (XBT, EUR);
 * a pair of two such assets is named by both ids (XXBTZEUR), any other pair by its altname (DOTEUR).
 */
export interface KrakenAssetInfo {
  id: string;
  altname: string;
  decimals: number;
  displayDecimals: number;
}

export interface KrakenPairInfo {
  id: string;
  altname: string;
  wsname: string;
  base: string;
  quote: string;
  pairDecimals: number;
  lotDecimals: number;
  costDecimals: number;
}

export function krakenAsset(id: string, altname = id, decimals = 10): KrakenAssetInfo {
  return { id, altname, decimals, displayDecimals: Math.min(decimals, 5) };
}

export const krakenAssets: Readonly<Record<string, KrakenAssetInfo>> = {
  XXBT: krakenAsset('XXBT', 'XBT'),
  XETH: krakenAsset('XETH', 'ETH'),
  XLTC: krakenAsset('XLTC', 'LTC'),
  XXRP: krakenAsset('XXRP', 'XRP', 8),
  XXDG: krakenAsset('XXDG', 'XDG', 8),
  ZEUR: krakenAsset('ZEUR', 'EUR', 4),
  ZUSD: krakenAsset('ZUSD', 'USD', 4),
  ZGBP: krakenAsset('ZGBP', 'GBP', 4),
  USDT: krakenAsset('USDT', 'USDT', 8),
  USDC: krakenAsset('USDC', 'USDC', 8),
  DOT: krakenAsset('DOT'),
  'DOT.S': krakenAsset('DOT.S'),
  SOL: krakenAsset('SOL'),
  ADA: krakenAsset('ADA', 'ADA', 8),
  'ETH2.S': krakenAsset('ETH2.S'),
};

const legacy = (asset: KrakenAssetInfo) =>
  asset.id.length === 4 && /^[XZ]/.test(asset.id) && asset.id !== asset.altname;

export function krakenPair(base: KrakenAssetInfo, quote: KrakenAssetInfo): KrakenPairInfo {
  const altname = `${base.altname}${quote.altname}`;
  return {
    id: legacy(base) && legacy(quote) ? `${base.id}${quote.id}` : altname,
    altname,
    wsname: `${base.altname}/${quote.altname}`,
    base: base.id,
    quote: quote.id,
    pairDecimals: Math.min(quote.decimals, 5),
    lotDecimals: 8,
    costDecimals: Math.min(quote.decimals, 5),
  };
}

function pairOf(baseId: string, quoteId: string): KrakenPairInfo {
  const base = krakenAssets[baseId];
  const quote = krakenAssets[quoteId];
  if (!base || !quote) throw new Error(`unknown Kraken asset in ${baseId}/${quoteId}`);
  return krakenPair(base, quote);
}

export const krakenPairs: readonly KrakenPairInfo[] = [
  pairOf('XXBT', 'ZEUR'),
  pairOf('XXBT', 'ZUSD'),
  pairOf('XETH', 'ZEUR'),
  pairOf('XETH', 'XXBT'),
  pairOf('XLTC', 'ZEUR'),
  pairOf('XXRP', 'ZEUR'),
  pairOf('XXDG', 'ZUSD'),
  pairOf('USDT', 'ZEUR'),
  pairOf('USDC', 'ZUSD'),
  pairOf('DOT', 'ZEUR'),
  pairOf('SOL', 'ZEUR'),
  pairOf('SOL', 'XXBT'),
  pairOf('ADA', 'ZEUR'),
];
