import { ccxtLibrary } from '../ccxt-library.ts';
import type { ExchangeClient } from '../exchange-client.ts';

/**
 * Advanced Trade answers errors as {"error":"RESOURCE_EXHAUSTED","error_details":…,"message":…},
 * named by gRPC status codes, and ccxt's coinbase class knows only a few of those names: the others
 * become a plain ExchangeError, read as a refusal, so a 429 or a 500 would never be retried. The
 * wallet API's "internal_server_error" is likewise a plain ExchangeError in ccxt. These entries go
 * into the instance's own table of exact error codes, which ccxt consults before the HTTP status.
 */
function coinbaseErrorCodes() {
  const { AuthenticationError, ExchangeNotAvailable, RateLimitExceeded, RequestTimeout } = ccxtLibrary();
  return {
    UNAUTHENTICATED: AuthenticationError,
    RESOURCE_EXHAUSTED: RateLimitExceeded,
    UNAVAILABLE: ExchangeNotAvailable,
    INTERNAL: ExchangeNotAvailable,
    DEADLINE_EXCEEDED: RequestTimeout,
    internal_server_error: ExchangeNotAvailable,
  } as const;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Idempotent; the table belongs to this ccxt instance alone. */
export function teachCoinbaseErrorCodes(client: ExchangeClient<'coinbase'>): void {
  const { exceptions } = client.ccxt;
  const exact: unknown = exceptions.exact;
  exceptions.exact = { ...(isRecord(exact) ? exact : {}), ...coinbaseErrorCodes() };
}
