import { ExplorerError } from '../chain-http/explorer-error.ts';
import { type CallOptions, type EsploraClient, esploraChainPageSize } from './esplora-client.ts';
import type { EsploraTx } from './esplora-schemas.ts';

/** Where the previous sync stopped: its newest confirmed transaction, and the block it was in then. */
export interface HistoryCursor {
  txid: string;
  blockHash?: string | undefined;
}

export interface ReadConfirmedHistoryOptions extends CallOptions {
  /** The previous sync's cursor: paging stops when it is reached, so a re-sync reads only what is new. */
  stopAt?: HistoryCursor | undefined;
  /**
   * Continue an earlier read that stopped at `maxPages`: paging starts after this txid (the
   * oldest one read then) instead of at the newest page.
   */
  resumeAfter?: string | undefined;
  /** At most this many requests in one read; the result says whether it reached the end. */
  maxPages?: number;
  /** The explorer's page size; a shorter page is the last. */
  pageSize?: number;
}

/**
 * - `none`: no cursor was given.
 * - `found`: the cursor is still in its block; `txs` holds only what is newer.
 * - `moved`: the cursor's transaction is now in another block (a reorganisation), and
 * - `missing`: it is no longer confirmed at all; in both cases paging went on past it, so
 *   `txs` is the whole confirmed history for the caller to reconcile against what it stored.
 */
export type CursorOutcome = 'none' | 'found' | 'moved' | 'missing';

export interface ConfirmedHistory {
  /** Newest first. */
  txs: EsploraTx[];
  /** Requests made. */
  pages: number;
  cursor: CursorOutcome;
  /**
   * The cursor to keep for the next sync: the newest confirmed transaction now, or the old
   * cursor when nothing is newer. Null when the read did not start at the newest page or the
   * address has no confirmed transaction.
   */
  next: HistoryCursor | null;
  /** The oldest txid read, for `resumeAfter` when `done` is false. */
  oldestTxid: string | null;
  /** True when paging reached the cursor or the oldest transaction; false when `maxPages` cut it short. */
  done: boolean;
}

/**
 * Pages an address's confirmed history newest first through /txs/chain[/:last_seen_txid].
 * Mempool transactions are left out on purpose: they can still vanish or change, so a sync
 * reads them apart (addressTxs) and never advances its cursor over them.
 */
export async function readConfirmedHistory(
  client: EsploraClient,
  address: string,
  options: ReadConfirmedHistoryOptions = {},
): Promise<ConfirmedHistory> {
  const pageSize = options.pageSize ?? esploraChainPageSize;
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  const stopAt = options.stopAt;
  const txs: EsploraTx[] = [];
  const seen = new Set<string>();
  let cursor: CursorOutcome = stopAt === undefined ? 'none' : 'missing';
  let lastSeen = options.resumeAfter;
  let pages = 0;
  let done = false;

  while (pages < maxPages) {
    const page = await client.addressTxsChain(address, lastSeen, { signal: options.signal });
    pages += 1;
    for (const tx of page) {
      // An explorer that ignored last_seen_txid would hand the same page back for ever.
      if (seen.has(tx.txid)) {
        throw new ExplorerError({
          kind: 'malformed',
          message: 'The explorer repeated transactions while paging, so the history could not be read.',
          endpoint: 'address/txs/chain',
        });
      }
      seen.add(tx.txid);
    }
    const at =
      stopAt === undefined || cursor !== 'missing' ? -1 : page.findIndex((tx) => tx.txid === stopAt.txid);
    if (at >= 0 && stopAt !== undefined) {
      const found = page[at];
      const sameBlock =
        stopAt.blockHash === undefined ||
        (found?.status.confirmed === true && found.status.block_hash === stopAt.blockHash);
      if (sameBlock) {
        txs.push(...page.slice(0, at));
        cursor = 'found';
        done = true;
        break;
      }
      cursor = 'moved';
    }
    txs.push(...page);
    const last = page.at(-1);
    if (last !== undefined) lastSeen = last.txid;
    if (page.length < pageSize) {
      done = true;
      break;
    }
  }

  return {
    txs,
    pages,
    cursor,
    next: nextCursor(txs, stopAt, cursor, options.resumeAfter === undefined),
    oldestTxid: txs.at(-1)?.txid ?? null,
    done,
  };
}

function nextCursor(
  txs: EsploraTx[],
  stopAt: HistoryCursor | undefined,
  outcome: CursorOutcome,
  fromTop: boolean,
): HistoryCursor | null {
  if (!fromTop) return null;
  const newest = txs[0];
  if (newest?.status.confirmed === true) return { txid: newest.txid, blockHash: newest.status.block_hash };
  return outcome === 'found' && stopAt !== undefined ? stopAt : null;
}
