/**
 * Why a call to a block explorer failed, in terms a sync job can act on:
 * - `unreachable`: no usable answer (connection refused, timeout, 5xx); worth a retry later.
 * - `rate_limited`: the explorer asked us to slow down; `retryAfterMs` says for how long.
 * - `rejected`: the explorer refused the request itself (bad key, bad address); retrying the
 *   same request cannot help, a person has to change something.
 * - `malformed`: the answer was not what the protocol promises; nothing from it is used.
 * - `not_found`: the explorer does not know the thing asked for.
 */
export type ExplorerErrorKind = 'unreachable' | 'rate_limited' | 'rejected' | 'malformed' | 'not_found';

export interface ExplorerErrorInit {
  kind: ExplorerErrorKind;
  /** A sentence for a person: it is shown in the connection's status as it is. */
  message: string;
  /** Which call failed, e.g. "address/txs/chain" or "account/txlist"; never holds a key. */
  endpoint: string;
  status?: number | undefined;
  retryAfterMs?: number | undefined;
  attempts?: number | undefined;
  cause?: unknown;
}

export class ExplorerError extends Error {
  readonly kind: ExplorerErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;

  constructor(init: ExplorerErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ExplorerError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  /** Failures that say nothing about the request itself, so the same request may succeed later. */
  get transient(): boolean {
    return this.kind === 'unreachable' || this.kind === 'rate_limited';
  }

  /** The same failure, counted over `attempts` tries. */
  withAttempts(attempts: number, message = this.message): ExplorerError {
    return new ExplorerError({
      kind: this.kind,
      message,
      endpoint: this.endpoint,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      attempts,
      cause: this.cause,
    });
  }
}

export function isExplorerError(value: unknown): value is ExplorerError {
  return value instanceof ExplorerError;
}
