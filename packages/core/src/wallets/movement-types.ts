/**
 * What a wallet's history becomes before it is booked:
 * - `receive`: coins arrived from outside; a transfer in, which the transfer matcher may pair with
 *   a withdrawal elsewhere (else it is a deposit of unknown cost);
 * - `send`: coins left for an outside address; a transfer out;
 * - `fee`: the network fee the wallet paid, a disposal of the coin that paid it.
 * Every movement has an `outside_id` that is stable across re-syncs, so the ledger's
 * (connection, outside id) uniqueness keeps a second sync from doubling anything.
 */
export type MovementKind = 'receive' | 'send' | 'fee';

/** Raised for explorer data that breaks its own rules (a fractional satoshi, a missing field). */
export class WalletDataError extends Error {
  override name = 'WalletDataError';
}

/** A Unix time in seconds (explorers' block times) as an ISO 8601 instant. */
export function unixSecondsToIso(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new WalletDataError(`bad block time ${seconds}`);
  return new Date(seconds * 1000).toISOString();
}
