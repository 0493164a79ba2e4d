import type { ExchangeId } from './exchange-names.ts';

/**
 * Why a call to an exchange failed, in terms a sync job can act on:
 * - `auth`: the key or secret is wrong, revoked, restricted to other addresses, or lacks a
 *   permission the read needs; a person has to change the key.
 * - `nonce`: the exchange refused the request's nonce or timestamp (another program using the
 *   same key, or this machine's clock); retrying alone rarely helps.
 * - `rate_limit`: the exchange asked us to slow down; `retryAfterMs` says for how long.
 * - `unavailable`: maintenance, an outage, or the exchange could not be reached; retry later.
 * - `timeout`: the exchange did not answer in time; retry later.
 * - `malformed`: the answer was not what the exchange documents; nothing from it is used.
 * - `rejected`: the exchange refused this request for another reason it gave.
 */
export type ExchangeErrorKind =
  | 'auth'
  | 'nonce'
  | 'rate_limit'
  | 'unavailable'
  | 'timeout'
  | 'malformed'
  | 'rejected';

export interface ExchangeErrorInit {
  kind: ExchangeErrorKind;
  /** A sentence for a person: shown in the connection's status as it is. Never holds a key. */
  message: string;
  exchange: ExchangeId;
  /** Which call failed, e.g. "Ledgers" or "capital/deposit/hisrec". */
  endpoint: string;
  status?: number | undefined;
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

export class ExchangeError extends Error {
  readonly kind: ExchangeErrorKind;
  readonly exchange: ExchangeId;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: ExchangeErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ExchangeError';
    this.kind = init.kind;
    this.exchange = init.exchange;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** Failures that say nothing about the request itself, so the same request may succeed later. */
  get transient(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'unavailable' || this.kind === 'timeout';
  }
}

export function isExchangeError(value: unknown): value is ExchangeError {
  return value instanceof ExchangeError;
}
