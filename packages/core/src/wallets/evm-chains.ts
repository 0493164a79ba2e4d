import type { EvmChainName } from '@app/contracts';

export interface EvmChain {
  name: EvmChainName;
  /** EIP-155 chain id, which Etherscan's V2 API takes as `chainid`. */
  chainId: number;
  /** The coin gas is paid in, as a CoinGecko id: ETH on the rollups too, POL on Polygon. */
  nativeCoinId: string;
  nativeSymbol: string;
  nativeDecimals: number;
}

export const evmChains: Readonly<Record<EvmChainName, EvmChain>> = {
  ethereum: {
    name: 'ethereum',
    chainId: 1,
    nativeCoinId: 'ethereum',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
  },
  arbitrum: {
    name: 'arbitrum',
    chainId: 42161,
    nativeCoinId: 'ethereum',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
  },
  base: { name: 'base', chainId: 8453, nativeCoinId: 'ethereum', nativeSymbol: 'ETH', nativeDecimals: 18 },
  optimism: {
    name: 'optimism',
    chainId: 10,
    nativeCoinId: 'ethereum',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
  },
  polygon: {
    name: 'polygon',
    chainId: 137,
    nativeCoinId: 'polygon-ecosystem-token',
    nativeSymbol: 'POL',
    nativeDecimals: 18,
  },
};
