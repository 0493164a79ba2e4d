import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (webhook URLs, bot tokens, wallet keys and addresses, exchange keys, sync
 * cursors): AES-256-GCM under a key derived with HKDF-SHA256 from the secrets key (SECRETS_KEY,
 * or by default the secret generated into the data folder), one key per purpose, so a database
 * dump alone does not reveal them. The row's id is the additional data, so a secret copied onto
 * another row does not decrypt.
 *
 * Layout: version byte 2, the 4-byte id of the secrets key, 12-byte IV, 16-byte tag, ciphertext.
 * The key id lets a server that was given a new key tell which values still need re-encrypting,
 * and which key opens them, without trying every key on every value. Values sealed before key ids
 * (version 1: no key id) are still opened.
 */
const legacyVersion = 1;
const version = 2;
const keyIdBytes = 4;
const legacyHeader = 1;
const header = 1 + keyIdBytes;
const ivBytes = 12;
const tagBytes = 16;

export interface SecretBox {
  /** The id of the secrets key this box seals with (hex), as written into what it seals. */
  readonly keyId: string;
  seal(plaintext: string, context: string): Uint8Array;
  /** Null when the bytes were sealed under another key or altered. */
  open(sealed: Uint8Array, context: string): string | null;
}

/** What each kind of secret is sealed for; a key derived for one never opens another's. */
export type SecretPurpose =
  | 'notification-channel-secrets:v1'
  | 'connection-secrets:v1'
  /** Where a connection's last sync stopped: txids and blocks tie the owner to their payments. */
  | 'connection-cursors:v1';

/**
 * A short public name of a secrets key: derived one way from it, so it tells which key sealed a
 * value and nothing about the key. Two keys sharing an id (one chance in four billion) only cost
 * a failed decryption.
 */
export function secretsKeyId(secretsKey: string): string {
  return Buffer.from(hkdfSync('sha256', secretsKey, 'exit-liquidity', 'secrets-key-id', keyIdBytes)).toString(
    'hex',
  );
}

/** The key id written into a sealed value; null for a value sealed before key ids, or no sealed value. */
export function sealedKeyId(sealed: Uint8Array): string | null {
  if (sealed.length < header + ivBytes + tagBytes || sealed[0] !== version) return null;
  return Buffer.from(sealed.subarray(1, header)).toString('hex');
}

/** Whether `sealed` is a value from before key ids, which only trying a key can place. */
export function isLegacySealed(sealed: Uint8Array): boolean {
  return sealed[0] === legacyVersion;
}

function decrypt(key: Buffer, bytes: Buffer, offset: number, context: string): string | null {
  if (bytes.length < offset + ivBytes + tagBytes) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(offset, offset + ivBytes));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(offset + ivBytes, offset + ivBytes + tagBytes));
    return Buffer.concat([
      decipher.update(bytes.subarray(offset + ivBytes + tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

export function createSecretBox(
  secretsKey: string,
  purpose: SecretPurpose = 'notification-channel-secrets:v1',
): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'exit-liquidity', purpose, 32));
  const keyId = secretsKeyId(secretsKey);
  const idBytes = Buffer.from(keyId, 'hex');
  return {
    keyId,
    seal(plaintext, context) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([version]), idBytes, iv, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (bytes[0] === legacyVersion) return decrypt(key, bytes, legacyHeader, context);
      if (sealedKeyId(bytes) !== keyId) return null;
      return decrypt(key, bytes, header, context);
    },
  };
}

/**
 * A keyed fingerprint of a secret: equal secrets give equal fingerprints, so a duplicate can be
 * refused by a unique index without decrypting anything, while the fingerprint alone tells an
 * attacker with the database nothing (it cannot be checked against a guessed address offline
 * without the secrets key). A new secrets key means new fingerprints: the re-encryption at start
 * computes them again.
 */
export function secretFingerprint(secretsKey: string, purpose: SecretPurpose, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'exit-liquidity', `${purpose}:fingerprint`, 32));
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
