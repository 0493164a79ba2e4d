import type { ConnectionProgress } from '@app/contracts';
import type { MovementKind } from '@app/core/wallets';
import type { PendingLine, SyncCursor } from './sync-cursor.ts';

/** A token transfer of a token no coin is known for: kept beside the connection, never booked. */
export interface TokenSighting {
  chain: string;
  /** Checksummed. */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
}

/** One confirmed movement as the sync books it (or, for an unrecognised token, lists it). */
export interface SourcedMovement {
  /** Unique per connection and stable across syncs: Bitcoin `txid:…`, EVM `chain:hash…`. */
  sourceId: string;
  /** The transaction it belongs to (reorganisations drop or move whole transactions). */
  txKey: string;
  chain: string;
  kind: MovementKind;
  /** Null for a token no coin is known for. */
  coinId: string | null;
  token?: TokenSighting;
  /** Exact, in the coin's unit; always positive. */
  quantity: string;
  executedAt: Date;
}

/** What one read of a wallet found, whatever its chain. */
export interface WalletSnapshot {
  /** Confirmed movements to book, oldest first. */
  movements: SourcedMovement[];
  pending: PendingLine[];
  /** `chain:coin` → what the chain says the wallet holds now. */
  balances: Record<string, string>;
  /** The next cursor, without `booked` (the booking adds it). */
  cursor: SyncCursor;
  progress: ConnectionProgress;
  /**
   * Set when a reorganisation made the read start over: every confirmed transaction of the
   * wallet and its time now. Booked rows of any other transaction are dropped, and rows whose
   * transaction moved take its new time.
   */
  confirmedTxs?: Map<string, Date>;
  /**
   * The `confirmedTxs` key of a booked row's source id, or null for a row outside what was read
   * again (another chain of the same address), which stays as it is. Without it, the source id's
   * first part (a Bitcoin txid).
   */
  txKeyOf?: (sourceId: string) => string | null;
}

/** A signed quantity as reconciliation adds it: what the movement does to the wallet's holding. */
export function signedQuantity(kind: MovementKind, quantity: string): string {
  return kind === 'receive' ? quantity : `-${quantity}`;
}

export const balanceKey = (chain: string, coinId: string) => `${chain}:${coinId}`;
