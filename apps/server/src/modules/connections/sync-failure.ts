import { WalletDataError } from '@app/core/wallets';
import { isExplorerError } from '../../integrations/chain-http/index.ts';
import { isExchangeError } from '../../integrations/exchanges/index.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { SyncFailure } from './sync-state.ts';

/** A sync that cannot go on, said in words for the connection's status line. */
export class SyncStop extends Error {
  constructor(
    message: string,
    readonly needsAttention = false,
  ) {
    super(message);
    this.name = 'SyncStop';
  }
}

/** The connection was deleted while its sync read the chain: nothing is left to write to. */
export class ConnectionGone extends Error {
  constructor() {
    super('the connection was deleted during its sync');
    this.name = 'ConnectionGone';
  }
}

export const syncMessages = {
  noEtherscanKey: 'Etherscan needs an API key: set ETHERSCAN_API_KEY.',
  sealed:
    'The wallet’s key can no longer be read (the server’s SESSION_SECRET changed); delete this connection and add it again.',
  badData: 'The explorer sent a transaction that breaks its own rules, so nothing of this read was booked.',
  internal: 'The sync stopped on an error of ours; it will be tried again.',
} as const;

/**
 * The words for a failed sync, or undefined for a fault of our own (the database, a bug), which
 * the job queue retries. Explorer and exchange messages are already written for a person (the chain client's
 * wording: who failed and how), and never carry a key or an address.
 */
export function describeFailure(error: unknown): SyncFailure | undefined {
  if (error instanceof SyncStop) return { message: error.message, needsAttention: error.needsAttention };
  if (isExplorerError(error)) return { message: error.message, retryAfterMs: error.retryAfterMs };
  // A key the exchange refuses needs its owner: retrying the same key cannot help.
  if (isExchangeError(error))
    return {
      message: error.message,
      retryAfterMs: error.retryAfterMs,
      needsAttention: error.kind === 'auth',
    };
  if (error instanceof WalletDataError) return { message: syncMessages.badData };
  // An oversell the booking would cause, already worded for the reader by the ledger.
  if (isAppError(error)) {
    const fields = (error.details?.fields ?? {}) as Record<string, string[] | undefined>;
    const said = Object.values(fields)[0]?.[0];
    return { message: said ? `Nothing was booked: ${said}` : error.message };
  }
  return undefined;
}
