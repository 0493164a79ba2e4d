import { connectionLabelMaxLength, gapLimitBounds } from './connection-constants.ts';

/**
 * What the connection form and the server say about a wallet's key or address. Core's
 * validators return these, so the form, the server's field errors and the tests agree word for
 * word.
 */
export const connectionMessages = {
  labelRequired: 'Please enter a label',
  labelTooLong: `Label can be at most ${connectionLabelMaxLength} characters`,
  bitcoinSourceMissing: 'Enter an extended public key (xpub, ypub or zpub) or an address.',
  bitcoinSourceBoth: 'Enter an extended public key or an address, not both.',
  scriptTypeNeedsKey: 'A script type can only be chosen for an extended public key.',
  gapLimitRange: `Gap limit must be a whole number from ${gapLimitBounds.min} to ${gapLimitBounds.max}`,
  chainsRequired: 'Choose at least one chain',
  chainsUnique: 'Choose each chain only once',

  keyEmpty: 'Enter an extended public key (xpub, ypub or zpub).',
  keyNotBase58:
    'This is not an extended public key: it contains characters an extended key never has. Copy it again from your wallet.',
  keyChecksum: 'This key has a typo: its checksum does not match. Copy it again from your wallet.',
  keyLength: 'This is not an extended public key: it has the wrong length. Copy it again from your wallet.',
  keyUnknownVersion: 'This is not a Bitcoin extended public key. Connect an xpub, ypub or zpub.',
  keyPrivate: (prefix: string) =>
    `This is a private key (${prefix}). Never paste a private key anywhere: whoever has it can spend your bitcoin. Export the extended public key (xpub, ypub or zpub) from your wallet instead.`,
  keyTestnet: (prefix: string) =>
    `This is a testnet key (${prefix}); connect a mainnet key (xpub, ypub or zpub).`,
  keyMultisig: (prefix: string) =>
    `This is a multisig key (${prefix}); only single-signature wallets (xpub, ypub or zpub) can be connected.`,
  keyDamaged: 'This key is damaged: its public key is not valid. Copy it again from your wallet.',
  keyScriptFixed: (prefix: string, scriptType: string) =>
    `A ${prefix} always means ${scriptType} addresses; a script type can only be chosen for an xpub.`,
  keyIsAddress: 'This is an address, not an extended public key. Enter it as an address instead.',

  addressEmpty: 'Enter a Bitcoin address.',
  addressInvalid: 'This is not a Bitcoin address. Check that you copied all of it.',
  addressChecksum: 'This address has a typo: its checksum does not match. Copy it again from your wallet.',
  addressMixedCase:
    'This address mixes capital and small letters; copy it again exactly as your wallet shows it.',
  addressNetwork: (network: string) =>
    `This is a ${network} address; connect a mainnet address (starting with 1, 3 or bc1).`,
  addressUnsupported: 'This kind of Bitcoin address is not supported yet.',
  addressIsKey: 'This is an extended public key, not an address. Enter it as an extended public key instead.',

  evmEmpty: 'Enter an address (0x followed by 40 hexadecimal characters).',
  evmInvalid: 'This is not an EVM address: it must be 0x followed by 40 hexadecimal characters.',
  evmChecksum:
    'This address has a typo: its capital letters do not match its checksum. Copy it again from your wallet.',
  evmZero: 'This is the zero address, which no wallet owns. Enter your own address.',
  evmName: 'Enter the address itself (0x…), not a name such as an ENS name.',

  exchangeKeyEmpty: (label: string) => `Enter the ${label} from your exchange.`,
  exchangeKeyTooLong: (label: string) => `This ${label} is longer than any exchange issues; copy it again.`,
  exchangePassphraseEmpty: (label: string) => `This exchange needs the ${label} you chose for the key.`,
  exchangePassphraseUnused: 'This exchange has no passphrase: leave it empty.',
  exchangeKeyCanWithdraw:
    'This key can withdraw funds: anyone who obtains it could empty your account. Create a read-only key, or confirm that you want to use this one.',
  exchangeKeyRejected: (exchange: string) =>
    `${exchange} refused this key: check that you copied the key and its secret whole, and that the key is still active.`,
  exchangeKeyCanTrade:
    'This key can also place orders. We only ever read with it, but a read-only key is safer.',
} as const;
