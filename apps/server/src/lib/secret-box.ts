import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel secrets (webhook URLs, bot tokens) at rest (issue 13): AES-256-GCM under a key derived
 * from SESSION_SECRET with HKDF-SHA256, so a database dump alone does not reveal them. Layout:
 * version byte, 12-byte IV, 16-byte tag, ciphertext. The channel id is the additional data, so a
 * secret copied onto another row does not decrypt.
 */
const version = 1;

export interface SecretBox {
  seal(plaintext: string, context: string): Uint8Array;
  /** Null when the bytes were sealed under another key (SESSION_SECRET changed) or altered. */
  open(sealed: Uint8Array, context: string): string | null;
}

export function createSecretBox(sessionSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'exit-liquidity', 'notification-channel-secrets:v1', 32),
  );
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
