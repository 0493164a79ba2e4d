import type { ExchangeCredentials, KeyPermissions } from './exchange-source.ts';

/** What asking an exchange about a key found. */
export type KeyCheck =
  | { kind: 'ok'; permissions: KeyPermissions }
  /** The exchange refused the key (wrong, revoked, or its secret does not match). */
  | { kind: 'rejected' }
  /** The exchange could not be asked now (down, rate limited, no network): the first sync asks again. */
  | { kind: 'unreachable'; message: string };

/**
 * The exchanges as the connections module sees them: built over ccxt in integrations/exchanges,
 * pointed at fakes in tests through EXCHANGE_API_URLS.
 */
export interface ExchangeGateway {
  checkKey(credentials: ExchangeCredentials, signal?: AbortSignal): Promise<KeyCheck>;
}
