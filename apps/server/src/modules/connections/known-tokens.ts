import type { EvmChainName } from '@app/contracts';

/**
 * Tokens booked as coins without asking: the issuers' own contracts of a few coins everybody
 * holds. Anyone can deploy a token called "USDC", so only these addresses count; every other
 * token waits in the connection's token list until its owner maps it to a coin.
 */
const known: Readonly<Record<EvmChainName, Readonly<Record<string, string>>>> = {
  ethereum: {
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 'usd-coin',
    '0xdac17f958d2ee523a2206206994597c13d831ec7': 'tether',
    '0x6b175474e89094c44da98b954eedeac495271d0f': 'dai',
    '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': 'wrapped-bitcoin',
    '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': 'weth',
  },
  base: { '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': 'usd-coin' },
  arbitrum: { '0xaf88d065e77c8cc2239327c5edb3a432268e5831': 'usd-coin' },
  optimism: { '0x0b2c639c533813f4aa9d7837caf62653d097ff85': 'usd-coin' },
  polygon: { '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359': 'usd-coin' },
};

export function knownTokenCoinId(chain: EvmChainName, contractAddress: string): string | null {
  return known[chain][contractAddress.toLowerCase()] ?? null;
}
