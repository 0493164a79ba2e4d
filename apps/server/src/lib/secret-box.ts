import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (webhook URLs, bot tokens, wallet keys and addresses): AES-256-GCM under a key
 * derived from SESSION_SECRET with HKDF-SHA256, one key per purpose, so a database dump alone
 * does not reveal them. Layout: version byte, 12-byte IV, 16-byte tag, ciphertext. The row's id
 * is the additional data, so a secret copied onto another row does not decrypt.
 */
const version = 1;

export interface SecretBox {
  seal(plaintext: string, context: string): Uint8Array;
  /** Null when the bytes were sealed under another key (SESSION_SECRET changed) or altered. */
  open(sealed: Uint8Array, context: string): string | null;
}

/** What each kind of secret is sealed for; a key derived for one never opens another's. */
export type SecretPurpose =
  | 'notification-channel-secrets:v1'
  | 'connection-secrets:v1'
  /** Where a connection's last sync stopped: txids and blocks tie the owner to their payments. */
  | 'connection-cursors:v1';

export function createSecretBox(
  sessionSecret: string,
  purpose: SecretPurpose = 'notification-channel-secrets:v1',
): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'exit-liquidity', purpose, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed);
      if (bytes.length < 29 || bytes[0] !== version) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 13));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(bytes.subarray(13, 29));
        return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * A keyed fingerprint of a secret: equal secrets give equal fingerprints, so a duplicate can be
 * refused by a unique index without decrypting anything, while the fingerprint alone tells an
 * attacker with the database nothing (it cannot be checked against a guessed address offline
 * without SESSION_SECRET).
 */
export function secretFingerprint(sessionSecret: string, purpose: SecretPurpose, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'exit-liquidity', `${purpose}:fingerprint`, 32));
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
