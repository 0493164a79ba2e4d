import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** What a queued write failed with, in the words the server (or the network) used. */
export interface QueuedWriteError {
  code: string;
  message: string;
  status: number;
  fields?: Record<string, string[]>;
}

/**
 * A write made without a network. `pending` waits for the network; `sending` is in
 * flight (left behind only by a tab that closed mid-send, shown as `uncertain`); `rejected` got an
 * answer that refused it (a conflict, an oversell that became invalid) and waits for the user.
 */
export type QueuedWriteStatus = 'pending' | 'sending' | 'uncertain' | 'rejected';

export interface QueuedWrite {
  seq: number;
  /** The signed-in user who made it: replayed only in that user's session. */
  owner: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /** What the user did, in words ("Buy 0.5 bitcoin"). */
  label: string;
  queuedAt: number;
  /**
   * Sent as `Idempotency-Key`: if a replayed write reached the server but its answer was lost, the
   * next attempt gets the first answer instead of writing twice. (Absent on writes queued by
   * builds before it; those fall back to owner, time and seq.)
   */
  key?: string;
  status: QueuedWriteStatus;
  error?: QueuedWriteError;
}

export type NewQueuedWrite = Omit<QueuedWrite, 'seq'>;

export interface QuerySnapshot {
  owner: string;
  savedAt: number;
  /** The build that wrote it: a new build may read data in another shape. */
  build: string;
  queries: SavedQuery[];
}

export interface SavedQuery {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** A coin the market showed on this device: what the coin field needs to find it offline. */
export interface SeenCoin {
  id: string;
  symbol: string;
  name: string;
  image: string;
  market_cap_rank: number | null;
  seenAt: number;
}

interface OfflineSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite };
  snapshots: { key: string; value: QuerySnapshot };
  coins: { key: string; value: SeenCoin };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const dbName = 'exit-liquidity-offline';
let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(dbName, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        // The key generator numbers writes in the order they were made: replay follows it.
        db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('snapshots');
      }
      if (oldVersion < 2) db.createObjectStore('coins', { keyPath: 'id' });
    },
  });
  return opening;
}

/** Test seam: close and forget the connection (fake-indexeddb is reset between tests). */
export async function closeOfflineDb(): Promise<void> {
  const db = await opening;
  db?.close();
  opening = null;
}
