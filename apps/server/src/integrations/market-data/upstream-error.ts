/**
 * Why an upstream market-data call failed. The auto provider falls back to the snapshot on
 * the transient kinds; `not_found` becomes a 404; `malformed` and `rejected` (other 4xx:
 * a bad key or request) are never retried.
 */
export type UpstreamErrorKind =
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'malformed'
  | 'not_found'
  | 'rejected';

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  message: string;
  endpoint: string;
  status?: number;
  /** For rate_limited: how long upstream asked us to wait. */
  retryAfterMs?: number;
  attempts?: number;
  cause?: unknown;
}

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;

  constructor(init: UpstreamErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  /** Failures that say nothing about the request itself: worth a retry or a fallback. */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'timeout';
  }
}

export function isUpstreamError(value: unknown): value is UpstreamError {
  return value instanceof UpstreamError;
}
