import { describeDuration } from '../chain-http/wording.ts';
import { ccxtLibrary } from './ccxt-library.ts';
import { ExchangeError } from './exchange-error.ts';
import { type ExchangeId, exchangeLabel } from './exchange-names.ts';

export interface FailureContext {
  exchange: ExchangeId;
  endpoint: string;
  /** What the exchange's Retry-After header asked for, when the failed answer carried one. */
  retryAfterMs?: number | undefined;
  status?: number | undefined;
  timeoutMs: number;
}

/**
 * How long to wait when the exchange asks us to slow down without saying for how long. Kraken
 * never sends Retry-After: its private call counter drains a point every three seconds on the
 * lowest tier and a history call costs two, so a few calls' worth is about fifteen seconds; its
 * temporary lockout lasts fifteen minutes. Binance counts request weight per minute.
 */
const defaultWaitMs: Readonly<Record<ExchangeId, number>> = {
  kraken: 15_000,
  binance: 60_000,
  coinbase: 10_000,
};
const krakenLockoutMs = 15 * 60_000;

/** Kraken answers these with a plain ExchangeError in ccxt; they are key problems all the same. */
const krakenKeyErrors = /EAPI:Invalid (key|signature)|EAPI:Bad request|EGeneral:Permission denied/;

/**
 * Turns whatever a ccxt call threw into one ExchangeError with a sentence a person can act on.
 * ccxt's classes are checked from the most specific down (InvalidNonce and RequestTimeout are kinds
 * of NetworkError, OnMaintenance of ExchangeNotAvailable, PermissionDenied of AuthenticationError).
 * The message never repeats ccxt's, which quotes URLs and request bodies.
 */
export function exchangeErrorFrom(error: unknown, context: FailureContext): ExchangeError {
  if (error instanceof ExchangeError) return error;
  const {
    AccountSuspended,
    AuthenticationError,
    BadResponse,
    BaseError,
    DDoSProtection,
    ExchangeNotAvailable,
    InvalidNonce,
    NetworkError,
    OnMaintenance,
    OperationFailed,
    PermissionDenied,
    RateLimitExceeded,
    RequestTimeout,
  } = ccxtLibrary();
  const { exchange, endpoint, status } = context;
  const label = exchangeLabel[exchange];
  const text = error instanceof Error ? error.message : String(error);
  const make = (kind: ExchangeError['kind'], message: string, retryAfterMs?: number) =>
    new ExchangeError({ kind, message, exchange, endpoint, status, retryAfterMs, cause: error });

  if (error instanceof InvalidNonce) {
    return exchange === 'kraken'
      ? make(
          'nonce',
          'Kraken refused the request because its nonce was not higher than the last one it saw for this API key. ' +
            'Another program is probably using the same key: give this connection a key of its own.',
        )
      : make(
          'nonce',
          `${label} refused the request because its time stamp is too far from ${label}'s clock. ` +
            "Check that this server's clock is set automatically.",
        );
  }
  if (error instanceof RequestTimeout) {
    return make('timeout', `${label} did not answer within ${describeDuration(context.timeoutMs)}.`);
  }
  if (error instanceof RateLimitExceeded || error instanceof DDoSProtection) {
    const banned = status === 418 || /IP banned/i.test(text);
    const lockout = /Temporary lockout/.test(text);
    const wait = context.retryAfterMs ?? (lockout ? krakenLockoutMs : defaultWaitMs[exchange]);
    const message = banned
      ? `${label} has blocked this server's address for sending too many requests; the sync waits ${describeDuration(wait)}.`
      : lockout
        ? `${label} has locked this API key out for a while after too many requests; the sync waits ${describeDuration(wait)}.`
        : `${label} asked us to slow down; the sync waits ${describeDuration(wait)} before it continues.`;
    return make('rate_limit', message, wait);
  }
  if (error instanceof OnMaintenance) {
    return make('unavailable', `${label} is under maintenance; the sync will try again later.`);
  }
  if (error instanceof ExchangeNotAvailable) {
    return make('unavailable', `${label} is not available at the moment; the sync will try again later.`);
  }
  if (error instanceof BadResponse) {
    return make('malformed', `${label} sent an answer that could not be read; nothing from it was used.`);
  }
  if (error instanceof NetworkError) {
    return make('unavailable', `${label} could not be reached; the sync will try again later.`);
  }
  if (error instanceof PermissionDenied) {
    return make(
      'auth',
      `This ${label} API key lacks a permission the sync needs (reading balances, trades, ledger and funding history).`,
    );
  }
  if (error instanceof AccountSuspended) {
    return make('auth', `${label} says this account is suspended or locked.`);
  }
  if (error instanceof AuthenticationError || (exchange === 'kraken' && krakenKeyErrors.test(text))) {
    return make('auth', authSentence(exchange));
  }
  if (error instanceof OperationFailed) {
    return make('unavailable', `${label} could not complete the request; the sync will try again later.`);
  }
  if (error instanceof BaseError) {
    return make('rejected', `${label} refused the request (${exchangeSaid(text)}).`);
  }
  // Not one of ccxt's errors: ccxt's own parsing tripped over the answer's contents.
  return make('malformed', `${label} sent an answer that could not be read; nothing from it was used.`);
}

function authSentence(exchange: ExchangeId): string {
  if (exchange === 'binance') {
    return (
      'Binance did not accept this API key: it may be mistyped or deleted, limited to other IP addresses, ' +
      'or missing the "Enable Reading" permission.'
    );
  }
  return `${exchangeLabel[exchange]} did not accept this API key or secret: check that both were copied whole and that the key still exists.`;
}

/**
 * The exchange's own error, without what ccxt adds around it: Kraken's "EGeneral:Invalid
 * arguments", Binance's {"code":-1127,"msg":"…"}. Never the request, which may carry a signature.
 */
function exchangeSaid(text: string): string {
  const kraken = /E[A-Z][A-Za-z]+:[^"\]]+/.exec(text);
  if (kraken) return kraken[0];
  const binance = /"code":\s*(-?\d+),\s*"msg":\s*"([^"]*)"/.exec(text);
  if (binance) return `${binance[1]}: ${binance[2]}`;
  return 'no reason given';
}
