import { connectionMessages as m } from '@app/contracts';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { refused, type WalletCheck } from './wallet-check.ts';

const evmAddressShape = /^0x[0-9a-fA-F]{40}$/;
const zeroAddress = `0x${'0'.repeat(40)}`;

/**
 * EIP-55: a hex letter is a capital when the matching nibble of Keccak-256 over the lowercase hex
 * (as ASCII text) is 8 or more. The capitals are the only checksum an EVM address has.
 */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(Uint8Array.from(hex, (c) => c.charCodeAt(0)));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = hex.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * An EVM address (0x and 40 hex digits), returned in its checksummed form. Mixed capitals are a
 * checksum and must match it: a wrong one means a typo, and a typo'd address is someone else's
 * (or no one's). All small or all capital letters carry no checksum, so there is nothing to check.
 */
export function validateEvmAddress(input: string): WalletCheck<string> {
  const text = input.trim();
  if (text === '') return refused('empty', m.evmEmpty);
  if (/\.[a-z]{2,}$/i.test(text) && !text.startsWith('0x')) return refused('malformed', m.evmName);
  if (!evmAddressShape.test(text)) return refused('malformed', m.evmInvalid);
  const hex = text.slice(2);
  const checksummed = toChecksumAddress(text);
  const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixed && checksummed !== text) return refused('checksum', m.evmChecksum);
  if (checksummed === zeroAddress) return refused('malformed', m.evmZero);
  return { ok: true, value: checksummed };
}

/** The form EVM addresses are compared in (explorers answer in lowercase). */
export function normalizeEvmAddress(address: string): string {
  return address.trim().toLowerCase();
}
