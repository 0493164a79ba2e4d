import { createHash, createHmac } from 'node:crypto';

/**
 * API-Sign as Kraken defines it: HMAC-SHA512 of (URI path + SHA256(nonce + POST data)), keyed with
 * the base64-decoded secret, in base64.
 */
export function krakenSignature(path: string, nonce: string, postData: string, secretBase64: string): string {
  const digest = createHash('sha256')
    .update(nonce + postData)
    .digest();
  return createHmac('sha512', Buffer.from(secretBase64, 'base64'))
    .update(Buffer.concat([Buffer.from(path), digest]))
    .digest('base64');
}

/** A secret shaped like Kraken's (64 random-looking bytes in base64), the same on every run. */
export function fakeKrakenSecret(label: string): string {
  return createHash('sha512').update(`kraken-secret:${label}`).digest('base64');
}
