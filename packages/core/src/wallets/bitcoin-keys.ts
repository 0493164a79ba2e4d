import { type BitcoinScriptType, bitcoinScriptTypeLabels, connectionMessages as m } from '@app/contracts';
import { HDKey } from '@scure/bip32';
import { p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer/payment.js';
import { NETWORK } from '@scure/btc-signer/utils.js';
import { type AddressChain, chainNumber, maxAddressIndex } from './address-chains.ts';
import { decodeBase58Check } from './base58check.ts';
import { validateBitcoinAddress } from './bitcoin-address.ts';
import { refused, type WalletCheck } from './wallet-check.ts';

export type AccountKeyPrefix = 'xpub' | 'ypub' | 'zpub';

type KeyVersion =
  | { prefix: AccountKeyPrefix; use: 'account'; scriptType: BitcoinScriptType | null }
  | { prefix: string; use: 'private' | 'testnet' | 'multisig' };

/**
 * The first 4 bytes of an extended key say what it is (BIP 32, 49 and 84, and SLIP-132 for the
 * rest). Only mainnet single-signature public keys are accepted; every other registered version
 * is named so the refusal can say what was pasted instead. `scriptType: null` is the xpub, whose
 * version says nothing about the addresses.
 */
const keyVersions = new Map<number, KeyVersion>([
  [0x0488b21e, { prefix: 'xpub', use: 'account', scriptType: null }],
  [0x049d7cb2, { prefix: 'ypub', use: 'account', scriptType: 'p2sh-p2wpkh' }],
  [0x04b24746, { prefix: 'zpub', use: 'account', scriptType: 'p2wpkh' }],
  [0x0488ade4, { prefix: 'xprv', use: 'private' }],
  [0x049d7878, { prefix: 'yprv', use: 'private' }],
  [0x04b2430c, { prefix: 'zprv', use: 'private' }],
  [0x0295b005, { prefix: 'Yprv', use: 'private' }],
  [0x02aa7a99, { prefix: 'Zprv', use: 'private' }],
  [0x04358394, { prefix: 'tprv', use: 'private' }],
  [0x044a4e28, { prefix: 'uprv', use: 'private' }],
  [0x045f18bc, { prefix: 'vprv', use: 'private' }],
  [0x024285b5, { prefix: 'Uprv', use: 'private' }],
  [0x02575048, { prefix: 'Vprv', use: 'private' }],
  [0x043587cf, { prefix: 'tpub', use: 'testnet' }],
  [0x044a5262, { prefix: 'upub', use: 'testnet' }],
  [0x045f1cf6, { prefix: 'vpub', use: 'testnet' }],
  [0x024289ef, { prefix: 'Upub', use: 'testnet' }],
  [0x02575483, { prefix: 'Vpub', use: 'testnet' }],
  [0x0295b43f, { prefix: 'Ypub', use: 'multisig' }],
  [0x02aa7ed3, { prefix: 'Zpub', use: 'multisig' }],
]);

/** What an xpub is read as when the person does not say (what xpubs meant before segwit). */
export const defaultXpubScriptType: BitcoinScriptType = 'p2pkh';

/** 4 version bytes, depth, parent fingerprint (4), child number (4), chain code (32), key (33). */
const extendedKeyLength = 78;

export interface BitcoinAccountKey {
  prefix: AccountKeyPrefix;
  scriptType: BitcoinScriptType;
  /** 3 for a BIP 44/49/84 account key; other depths are accepted (some wallets export their own). */
  depth: number;
  /** The key's own fingerprint (first 4 bytes of the hash of its public key), in hex. */
  fingerprint: string;
  /** The address at `index` of `chain` (m/…/0/index or m/…/1/index below this key). */
  address: (chain: AddressChain, index: number) => string;
}

/**
 * Reads an account's extended public key: base58check verified, version checked, the public key
 * a valid curve point. An xpub can be told its script type (wallets export xpubs for segwit and
 * taproot accounts too); a ypub or zpub names its own, and a different one is refused rather than
 * silently deriving addresses the wallet never used.
 */
export function parseExtendedPublicKey(
  input: string,
  requestedScriptType?: BitcoinScriptType,
): WalletCheck<BitcoinAccountKey> {
  const text = input.trim();
  if (text === '') return refused('empty', m.keyEmpty);
  const asAddress = validateBitcoinAddress(text);
  if (asAddress.ok || asAddress.problem === 'network' || asAddress.problem === 'unsupported') {
    return refused('wrong_field', m.keyIsAddress);
  }
  const decoded = decodeBase58Check(text, extendedKeyLength);
  if (!decoded.ok) {
    if (decoded.problem === 'alphabet') return refused('malformed', m.keyNotBase58);
    if (decoded.problem === 'length') return refused('malformed', m.keyLength);
    return refused('checksum', m.keyChecksum);
  }
  const bytes = decoded.payload;
  const versionNumber =
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
  const version = keyVersions.get(versionNumber);
  if (version === undefined) return refused('unsupported', m.keyUnknownVersion);
  if (version.use !== 'account') {
    // A private key is named first: it is the one mistake that can cost the coins.
    if (version.use === 'private') return refused('private_key', m.keyPrivate(version.prefix));
    if (version.use === 'testnet') return refused('network', m.keyTestnet(version.prefix));
    return refused('unsupported', m.keyMultisig(version.prefix));
  }

  const fixed = version.scriptType;
  if (fixed !== null && requestedScriptType !== undefined && requestedScriptType !== fixed) {
    return refused('script_type', m.keyScriptFixed(version.prefix, bitcoinScriptTypeLabels[fixed]));
  }
  const scriptType = fixed ?? requestedScriptType ?? defaultXpubScriptType;

  let node: HDKey;
  try {
    // The private version only satisfies the library's signature: a public key never uses it.
    node = HDKey.fromExtendedKey(text, { public: versionNumber, private: 0 });
  } catch {
    return refused('malformed', m.keyDamaged);
  }
  return { ok: true, value: accountKey(version.prefix, scriptType, node) };
}

function accountKey(prefix: AccountKeyPrefix, scriptType: BitcoinScriptType, node: HDKey): BitcoinAccountKey {
  // Each chain's node is derived once: an address is then one child derivation away.
  const chains = new Map<AddressChain, HDKey>();
  const chainNode = (chain: AddressChain): HDKey => {
    let found = chains.get(chain);
    if (found === undefined) {
      found = node.deriveChild(chainNumber[chain]);
      chains.set(chain, found);
    }
    return found;
  };
  return {
    prefix,
    scriptType,
    depth: node.depth,
    fingerprint: node.fingerprint.toString(16).padStart(8, '0'),
    address: (chain, index) => {
      if (!Number.isInteger(index) || index < 0 || index > maxAddressIndex) {
        throw new RangeError(
          `address index must be a whole number from 0 to ${maxAddressIndex}, got ${index}`,
        );
      }
      const publicKey = chainNode(chain).deriveChild(index).publicKey;
      if (publicKey === null) throw new Error('a public key derived no public key');
      return addressOf(scriptType, publicKey);
    },
  };
}

/** The mainnet address of one compressed public key under a script type. */
export function addressOf(scriptType: BitcoinScriptType, publicKey: Uint8Array): string {
  const payment =
    scriptType === 'p2pkh'
      ? p2pkh(publicKey, NETWORK)
      : scriptType === 'p2sh-p2wpkh'
        ? p2sh(p2wpkh(publicKey, NETWORK), NETWORK)
        : scriptType === 'p2wpkh'
          ? p2wpkh(publicKey, NETWORK)
          : // BIP 86: the key without its parity byte, tweaked with no script tree.
            p2tr(publicKey.subarray(1), undefined, NETWORK);
  if (payment.address === undefined) throw new Error(`no ${scriptType} address for this key`);
  return payment.address;
}
