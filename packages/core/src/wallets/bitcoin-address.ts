import { connectionMessages as m } from '@app/contracts';
import { bech32, bech32m } from '@scure/base';
import { decodeBase58Check } from './base58check.ts';
import { refused, type WalletCheck } from './wallet-check.ts';

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

export interface BitcoinAddress {
  /** As explorers and our own derivation write it: bech32 in lowercase, base58 as given. */
  address: string;
  type: BitcoinAddressType;
}

/** Base58 version bytes of mainnet P2PKH (1…) and P2SH (3…) addresses. */
const base58Mainnet: Record<number, BitcoinAddressType> = { 0: 'p2pkh', 5: 'p2sh' };
/** Testnet's m…/n… and 2…: signet and regtest use the same bytes, so one name covers the three. */
const base58Testnet = new Set([0x6f, 0xc4]);

/** Human-readable parts of segwit addresses; `tb` is shared by testnet and signet. */
const segwitNetworks = new Map([
  ['tb', 'testnet'],
  ['bcrt', 'regtest'],
]);

const bech32Data = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;
/** BIP 173's limit on a whole bech32 string. */
const bech32MaxLength = 90;

/** An extended key pasted where an address belongs: same alphabet, far longer. */
const extendedKeyShape = /^[xyztuvYZUV](pub|prv)[1-9A-HJ-NP-Za-km-z]{100,}$/;

/**
 * A single Bitcoin mainnet address with its checksum verified: P2PKH (1…), P2SH (3…), segwit v0
 * P2WPKH and P2WSH (bc1q…, bech32) and taproot (bc1p…, bech32m). Testnet, signet and regtest
 * addresses are refused by name, since their coins are worth nothing and their history is on
 * another chain. Witness versions no wallet uses yet are refused rather than followed blindly.
 */
export function validateBitcoinAddress(input: string): WalletCheck<BitcoinAddress> {
  const text = input.trim();
  if (text === '') return refused('empty', m.addressEmpty);
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  const hrp = separator > 0 ? lower.slice(0, separator) : '';
  if (hrp === 'bc' || segwitNetworks.has(hrp)) return segwitAddress(text, lower, hrp);
  if (extendedKeyShape.test(text)) return refused('wrong_field', m.addressIsKey);
  return base58Address(text);
}

function segwitAddress(text: string, lower: string, hrp: string): WalletCheck<BitcoinAddress> {
  // BIP 173: a decoder must refuse a mix of cases; all capitals is allowed (QR codes use them).
  if (text !== lower && text !== text.toUpperCase()) return refused('malformed', m.addressMixedCase);
  const network = segwitNetworks.get(hrp);
  if (network !== undefined) return refused('network', m.addressNetwork(network));
  if (lower.length > bech32MaxLength || !bech32Data.test(lower.slice(hrp.length + 1))) {
    return refused('malformed', m.addressInvalid);
  }
  const asBech32 = bech32.decodeUnsafe(lower, bech32MaxLength);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower, bech32MaxLength);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded) return refused('checksum', m.addressChecksum);
  const [version, ...words] = decoded.words;
  if (version === undefined || version > 16) return refused('malformed', m.addressInvalid);
  const program = bech32.fromWordsUnsafe(words);
  if (!program || program.length < 2 || program.length > 40) return refused('malformed', m.addressInvalid);
  // BIP 350: version 0 keeps bech32, every later version uses bech32m; the other checksum is a typo.
  if ((version === 0) !== (asBech32 !== undefined)) return refused('checksum', m.addressChecksum);
  if (version === 0) {
    if (program.length === 20) return { ok: true, value: { address: lower, type: 'p2wpkh' } };
    if (program.length === 32) return { ok: true, value: { address: lower, type: 'p2wsh' } };
    return refused('malformed', m.addressInvalid);
  }
  if (version === 1 && program.length === 32) return { ok: true, value: { address: lower, type: 'p2tr' } };
  return refused('unsupported', m.addressUnsupported);
}

function base58Address(text: string): WalletCheck<BitcoinAddress> {
  const decoded = decodeBase58Check(text, 21);
  if (!decoded.ok) {
    return decoded.problem === 'checksum'
      ? refused('checksum', m.addressChecksum)
      : refused('malformed', m.addressInvalid);
  }
  const version = decoded.payload[0] ?? -1;
  const type = base58Mainnet[version];
  if (type !== undefined) return { ok: true, value: { address: text, type } };
  if (base58Testnet.has(version)) return refused('network', m.addressNetwork('testnet'));
  return refused('malformed', m.addressInvalid);
}

/**
 * The form an address is compared in: bech32 is case-insensitive (explorers answer in lowercase),
 * base58 is not. For matching a wallet's own addresses against an explorer's outputs.
 */
export function normalizeBitcoinAddress(address: string): string {
  const text = address.trim();
  return /^(bc|tb|bcrt)1/i.test(text) ? text.toLowerCase() : text;
}
