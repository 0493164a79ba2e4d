// The connections' constants without their schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/**
 * What a connection follows: a Bitcoin wallet (one address or an extended public key), an EVM
 * address, or an exchange account read with an API key.
 */
export const connectionKinds = ['bitcoin', 'evm', 'exchange'] as const;
export type ConnectionKind = (typeof connectionKinds)[number];

/** The EVM chains an address can be followed on; core holds each one's chain id and native coin. */
export const evmChainNames = ['ethereum', 'arbitrum', 'base', 'optimism', 'polygon'] as const;
export type EvmChainName = (typeof evmChainNames)[number];

/**
 * Every chain a connection can name: a Bitcoin connection's `chains` is always `['bitcoin']`; an
 * exchange account is one place of its own (`exchange`), named only by its reconciliation.
 */
export const connectionChains = ['bitcoin', ...evmChainNames, 'exchange'] as const;
export type ConnectionChain = (typeof connectionChains)[number];

/**
 * How an extended public key's keys become addresses. A ypub or zpub says it by its prefix; an
 * xpub does not (wallets export xpubs for every kind of account), so the person may choose, and
 * P2PKH, what an xpub meant before segwit, is the default.
 */
export const bitcoinScriptTypes = ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'p2tr'] as const;
export type BitcoinScriptType = (typeof bitcoinScriptTypes)[number];

/** How a person knows each script type: wallets say "native segwit" more often than P2WPKH. */
export const bitcoinScriptTypeLabels: Readonly<Record<BitcoinScriptType, string>> = {
  p2pkh: 'legacy (P2PKH)',
  'p2sh-p2wpkh': 'nested segwit (P2SH-P2WPKH)',
  p2wpkh: 'native segwit (P2WPKH)',
  p2tr: 'taproot (P2TR)',
};

export const connectionStates = ['pending', 'syncing', 'up_to_date', 'failed', 'needs_attention'] as const;
export type ConnectionState = (typeof connectionStates)[number];

/**
 * How many unused addresses in a row end the search of one chain of an extended key. 20 is what
 * wallets that follow BIP 44 stop at; a wallet that handed out more addresses without payments
 * needs a larger one, and 200 keeps one sync's lookups bounded.
 */
export const gapLimitBounds = { min: 1, max: 200, default: 20 } as const;

export const connectionLabelMaxLength = 80;
