import { loadSnapshotDataset, type SnapshotDataset } from './dataset.ts';

/** Display names for the CoinGecko category ids the snapshot uses (coin details show names). */
export const categoryNames: Readonly<Record<string, string>> = {
  'layer-1': 'Layer 1 (L1)',
  'smart-contract-platform': 'Smart Contract Platform',
  stablecoins: 'Stablecoins',
  'meme-token': 'Meme',
  'decentralized-finance-defi': 'Decentralized Finance (DeFi)',
  'exchange-based-tokens': 'Exchange-based Tokens',
  'layer-2': 'Layer 2 (L2)',
  'artificial-intelligence': 'Artificial Intelligence (AI)',
  'real-world-assets-rwa': 'Real World Assets (RWA)',
  gaming: 'Gaming (GameFi)',
  'liquid-staking-tokens': 'Liquid Staking Tokens',
  'liquid-restaking-tokens': 'Liquid Restaking Tokens',
  'wrapped-tokens': 'Wrapped-Tokens',
  'privacy-coins': 'Privacy Coins',
  oracle: 'Oracle',
  storage: 'Storage',
  'decentralized-exchange': 'Decentralized Exchange (DEX)',
  'lending-borrowing': 'Lending/Borrowing Protocols',
  'proof-of-work-pow': 'Proof of Work (PoW)',
  'tokenized-gold': 'Tokenized Gold',
  infrastructure: 'Infrastructure',
  'payment-solutions': 'Payment Solutions',
  governance: 'Governance',
  'bitcoin-ecosystem': 'Bitcoin Ecosystem',
  'solana-ecosystem': 'Solana Ecosystem',
  'internet-of-things-iot': 'Internet of Things (IOT)',
  metaverse: 'Metaverse',
  'non-fungible-tokens-nft': 'NFT',
};

export function categoryName(id: string): string {
  return categoryNames[id] ?? id;
}

/**
 * Category ids per coin id in the committed dataset: the base a live source without categories
 * (CoinGecko's coins/markets) starts from for the coins the snapshot knows.
 */
export function snapshotCategoryIndex(
  dataset: SnapshotDataset = loadSnapshotDataset(),
): ReadonlyMap<string, readonly string[]> {
  return new Map(dataset.coins.map((c) => [c.id, c.categories]));
}
