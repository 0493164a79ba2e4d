import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type SecretPurpose, secretFingerprint } from '../lib/secret-box.ts';

/**
 * Every column that holds a value sealed by a secret box, with the purpose its key was derived
 * for. The row's id is each one's additional data. A new sealed column belongs here, or a change
 * of secrets key leaves it unreadable.
 */
export const sealedPurposes = {
  channelSecret: 'notification-channel-secrets:v1',
  connectionSecret: 'connection-secrets:v1',
  syncCursor: 'connection-cursors:v1',
} as const satisfies Record<string, SecretPurpose>;

/** The version byte and key id of a value sealed under `keyId`, as hex (see lib/secret-box.ts). */
const currentHeader = (keyId: string) => `02${keyId}`;

/** A bytea column whose value is not sealed under `keyId` (null counts as nothing to do). */
export function byteaNotUnder(column: AnyPgColumn, keyId: string): SQL {
  return sql`(${column} is not null and encode(substring(${column} from 1 for 5), 'hex') <> ${currentHeader(keyId)})`;
}

/**
 * The same for a sealed value kept as base64 text (the sync cursor): its first 8 characters are
 * its first 6 bytes, so the header is read without decoding a cursor of megabytes.
 */
export function base64NotUnder(column: AnyPgColumn, keyId: string): SQL {
  return sql`(${column} is not null and encode(substring(decode(substring(${column} from 1 for 8), 'base64') from 1 for 5), 'hex') <> ${currentHeader(keyId)})`;
}

interface SealedConnectionSecret {
  value?: unknown;
  form?: unknown;
  credentials?: { exchange?: unknown; apiKey?: unknown };
}

/**
 * A connection's fingerprint under `secretsKey`, from its opened secret: what the connections
 * module computes when the connection is created (a wallet by kind, form and value, an EVM
 * address in lower case; an exchange key by exchange and key id). Re-encryption under a new key
 * must compute the same, or the same wallet could be added twice; the re-encryption test adds it
 * again after a key change to prove it is still refused. Null when the secret is not one of those.
 */
export function connectionFingerprint(secretsKey: string, kind: string, plaintext: string): string | null {
  let sealed: SealedConnectionSecret;
  try {
    sealed = JSON.parse(plaintext) as SealedConnectionSecret;
  } catch {
    return null;
  }
  const purpose = sealedPurposes.connectionSecret;
  if (kind === 'exchange') {
    const { exchange, apiKey } = sealed.credentials ?? {};
    if (typeof exchange !== 'string' || typeof apiKey !== 'string') return null;
    return secretFingerprint(secretsKey, purpose, `exchange:${exchange}:${apiKey}`);
  }
  if (typeof sealed.value !== 'string' || typeof sealed.form !== 'string') return null;
  const value = kind === 'evm' ? sealed.value.toLowerCase() : sealed.value;
  return secretFingerprint(secretsKey, purpose, `${kind}:${sealed.form}:${value}`);
}
