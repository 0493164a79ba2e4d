import type { EvmChainName } from '@app/contracts';
import {
  type EtherscanListAction,
  type EtherscanRecordOf,
  recordKey,
} from '../../integrations/etherscan/index.ts';

/**
 * A booked record as a later read must find it again: its key, its block, and what identifies that
 * block: its hash, or its time in the internal list, which carries no hash. Null where an older
 * cursor never kept it (then only the key and the block are compared).
 */
export type RecentRecord = [key: string, block: number, blockId: string | null];

/**
 * Where one list of one chain stands. Older cursors hold only `lastBlock` and `seen` (the keys of
 * that block's records); they still open: their records are taken as the recent ones of that
 * block, and the window starts there until it has grown down to its full depth.
 */
export interface ListCursor {
  /** The newest block a record was booked from. */
  lastBlock: number;
  /** Older cursors only: the keys of `lastBlock`'s records. */
  seen?: string[];
  /** The lowest block from which `recent` lists every booked record. */
  from?: number;
  /** Booked records from `from` up, each read again on every sync until it is deeper than the window. */
  recent?: RecentRecord[];
}

/**
 * How many blocks under the newest booked one every sync reads again, to see a booked transaction
 * leave its block. About the blocks each chain makes while Ethereum finalises one (two epochs): a
 * rollup's blocks can only be replaced while the Ethereum block carrying them can. Polygon, which
 * finalises on its own, has had deeper reorganisations than Ethereum, so it gets a wider window.
 */
export const reorgWindow: Readonly<Record<EvmChainName, number>> = {
  ethereum: 64,
  polygon: 256,
  base: 400,
  optimism: 400,
  arbitrum: 3200,
};

/** The first block a read of this list asks for: a whole new history without a cursor. */
export function windowStart(cursor: ListCursor | undefined, depth: number): number {
  if (!cursor) return 0;
  return Math.max(cursor.from ?? cursor.lastBlock, cursor.lastBlock - depth);
}

export function blockIdOf<A extends EtherscanListAction>(action: A, record: EtherscanRecordOf[A]): string {
  if (action === 'txlistinternal') return record.timeStamp;
  return (record as EtherscanRecordOf['txlist' | 'tokentx']).blockHash;
}

export interface WindowCheck<A extends EtherscanListAction> {
  /** Records read that were not booked before: new, or held back last time. */
  fresh: EtherscanRecordOf[A][];
  /** The booked records found again, as the cursor keeps them now. */
  kept: RecentRecord[];
  /** False when a booked record of the window is missing or in another block: a reorganisation. */
  intact: boolean;
}

/**
 * Compares what a read from `start` listed with the booked records the cursor says are there. A
 * record is found again only with its key in the same block (and that block's hash or time, where
 * both are known); identical keys are counted, so two identical transfers need two records.
 */
export function checkWindow<A extends EtherscanListAction>(
  action: A,
  cursor: ListCursor | undefined,
  start: number,
  records: readonly EtherscanRecordOf[A][],
): WindowCheck<A> {
  const expected = new Map<string, RecentRecord[]>();
  for (const entry of recentOf(cursor)) {
    if (entry[1] < start) continue;
    const list = expected.get(entry[0]);
    if (list) list.push(entry);
    else expected.set(entry[0], [entry]);
  }
  const fresh: EtherscanRecordOf[A][] = [];
  const kept: RecentRecord[] = [];
  for (const record of records) {
    const key = recordKey(action, record);
    const block = Number(record.blockNumber);
    const id = blockIdOf(action, record);
    const candidates = expected.get(key) ?? [];
    const at = candidates.findIndex((c) => c[1] === block && (c[2] === null || c[2] === id));
    if (at < 0) {
      fresh.push(record);
      continue;
    }
    candidates.splice(at, 1);
    kept.push([key, block, id]);
  }
  const intact = [...expected.values()].every((left) => left.length === 0);
  return { fresh, kept, intact };
}

/**
 * The list's cursor after booking `booked` (records deep enough, oldest first) beside the `kept`
 * ones: records below the new window are dropped, since no later read asks for them again.
 */
export function nextListCursor<A extends EtherscanListAction>(
  action: A,
  input: {
    before: ListCursor | undefined;
    start: number;
    kept: readonly RecentRecord[];
    booked: readonly EtherscanRecordOf[A][];
    depth: number;
  },
): ListCursor | undefined {
  const recent: RecentRecord[] = [
    ...input.kept,
    ...input.booked.map(
      (r): RecentRecord => [recordKey(action, r), Number(r.blockNumber), blockIdOf(action, r)],
    ),
  ];
  let lastBlock = input.before?.lastBlock ?? -1;
  for (const entry of recent) lastBlock = Math.max(lastBlock, entry[1]);
  if (lastBlock < 0) return undefined;
  const from = Math.max(input.start, lastBlock - input.depth);
  return { lastBlock, from, recent: recent.filter((entry) => entry[1] >= from) };
}

function recentOf(cursor: ListCursor | undefined): RecentRecord[] {
  if (!cursor) return [];
  if (cursor.recent) return cursor.recent;
  return (cursor.seen ?? []).map((key): RecentRecord => [key, cursor.lastBlock, null]);
}
