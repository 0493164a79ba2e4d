import {
  connectionMessages,
  type ExchangeConnectionCreateBody,
  type ExchangeId,
  exchangeDescriptors,
} from '@app/contracts';
import { validationError } from '../../lib/app-error.ts';

/** An exchange key as sealed: every part of it is a secret, the key id included. */
export interface ExchangeCredentials {
  exchange: ExchangeId;
  apiKey: string;
  secret: string;
  passphrase: string | null;
}

/** What the exchange says a key may do; null where it does not let us tell. */
export interface KeyPermissions {
  canTrade: boolean | null;
  canWithdraw: boolean | null;
}

/**
 * Checks an exchange create body against what that exchange needs (a passphrase only where it
 * has one) and answers as a field error on the field the person typed in.
 */
export function checkExchangeSource(body: ExchangeConnectionCreateBody): ExchangeCredentials {
  const descriptor = exchangeDescriptors[body.exchange];
  if (descriptor.passphraseLabel !== null && body.passphrase === undefined) {
    throw validationError({
      passphrase: [connectionMessages.exchangePassphraseEmpty(descriptor.passphraseLabel)],
    });
  }
  if (descriptor.passphraseLabel === null && body.passphrase !== undefined) {
    throw validationError({ passphrase: [connectionMessages.exchangePassphraseUnused] });
  }
  return {
    exchange: body.exchange,
    apiKey: body.api_key,
    secret: body.api_secret,
    passphrase: body.passphrase ?? null,
  };
}

/** The same key on the same exchange is the same connection. */
export function exchangeFingerprintInput(credentials: ExchangeCredentials): string {
  return `exchange:${credentials.exchange}:${credentials.apiKey}`;
}

/** A key that may withdraw is refused until its owner says to use it anyway. */
export function refuseWithdrawingKey(permissions: KeyPermissions | null, allowed: boolean): void {
  if (permissions?.canWithdraw === true && !allowed) {
    throw validationError({ allow_withdrawal: [connectionMessages.exchangeKeyCanWithdraw] });
  }
}

/** The key as sealed at creation; null when it no longer opens (SESSION_SECRET changed) or is not a key. */
export function openExchangeCredentials(
  box: { open(sealed: Uint8Array, context: string): string | null },
  row: { id: string; secret: Uint8Array },
): ExchangeCredentials | null {
  const text = box.open(row.secret, row.id);
  if (text === null) return null;
  const parsed = JSON.parse(text) as { credentials?: ExchangeCredentials };
  return parsed.credentials ?? null;
}
