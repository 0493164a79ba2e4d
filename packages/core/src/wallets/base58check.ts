import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

const base58Text = /^[1-9A-HJ-NP-Za-km-z]+$/;

export type Base58Decoded =
  | { ok: true; payload: Uint8Array }
  | { ok: false; problem: 'alphabet' | 'length' | 'checksum' };

/**
 * Base58Check with the failure told apart: a character outside the alphabet, a payload of another
 * length than the caller expects (a different kind of thing was pasted) or a checksum that does
 * not match (a typo). The checksum is the first 4 bytes of SHA-256 twice over the payload.
 */
export function decodeBase58Check(text: string, payloadLength: number): Base58Decoded {
  if (!base58Text.test(text)) return { ok: false, problem: 'alphabet' };
  const raw = base58.decode(text);
  if (raw.length !== payloadLength + 4) return { ok: false, problem: 'length' };
  const payload = raw.subarray(0, payloadLength);
  const check = sha256(sha256(payload));
  for (let i = 0; i < 4; i += 1) {
    if (raw[payloadLength + i] !== check[i]) return { ok: false, problem: 'checksum' };
  }
  return { ok: true, payload };
}
