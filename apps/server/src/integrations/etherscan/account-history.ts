import { ExplorerError } from '../chain-http/explorer-error.ts';
import { type CallOptions, type EtherscanClient, etherscanResultWindow } from './etherscan-client.ts';
import type { EtherscanListAction, EtherscanRecordOf } from './etherscan-schemas.ts';

export interface AccountHistoryQuery {
  chainId: number;
  address: string;
  /** Where the previous sync stopped (its `lastBlock`): that block is read again in full. */
  startBlock?: number | undefined;
  /** `recordKey`s of the records the caller already has in `startBlock`; they are not handed out again. */
  seenAtStart?: Iterable<string> | undefined;
  endBlock?: number | undefined;
  /** tokentx only. */
  contractAddress?: string | undefined;
}

export interface AccountHistoryOptions extends CallOptions {
  /** Records per request (offset). */
  pageSize?: number;
  /** Etherscan's page × offset ceiling; a test server may set a smaller one. */
  resultWindow?: number;
}

export interface HistoryPage<A extends EtherscanListAction> {
  /** Oldest first, none repeated from an earlier page of this read. */
  records: EtherscanRecordOf[A][];
  /** The block of the last record so far: a later sync starts there. */
  lastBlock: number | null;
}

/**
 * The identity of a record within one chain, for de-duplication. A normal transaction is its
 * hash; an internal one its hash and trace; a token transfer its hash and log index. Where the
 * answer lacks the inner id, the record's own fields stand in, and identical ones are told
 * apart by counting (see `accountHistoryPages`).
 */
export function recordKey<A extends EtherscanListAction>(action: A, record: EtherscanRecordOf[A]): string {
  if (action === 'txlist') return record.hash;
  if (action === 'txlistinternal') {
    const r = record as EtherscanRecordOf['txlistinternal'];
    return `${r.hash}:${r.traceId ?? `${r.type}:${r.from}:${r.to}:${r.value}`}`;
  }
  const r = record as EtherscanRecordOf['tokentx'];
  return `${r.hash}:${r.logIndex ?? `${r.contractAddress}:${r.from}:${r.to}:${r.value}`}`;
}

/**
 * Reads an address's whole history for one action, oldest first, one page per request. Etherscan
 * serves at most `resultWindow` records per query, so when a window fills, the next window starts
 * at the block of the last record seen. That block may have been cut in the middle, so it is read
 * again in full, and the records of it already handed out are skipped: by key, counted, so two
 * identical transfers in one transaction both survive. A single block holding a whole window
 * cannot be paged past and fails the read.
 */
export async function* accountHistoryPages<A extends EtherscanListAction>(
  client: EtherscanClient,
  action: A,
  query: AccountHistoryQuery,
  options: AccountHistoryOptions = {},
): AsyncGenerator<HistoryPage<A>, void, undefined> {
  const resultWindow = options.resultWindow ?? etherscanResultWindow;
  const pageSize = Math.min(options.pageSize ?? 1000, resultWindow);
  const pagesPerWindow = Math.floor(resultWindow / pageSize);
  const endpoint = `account/${action}`;
  let startBlock = query.startBlock ?? 0;
  /** Keys (with counts) of the records already handed out in the block a new window starts at. */
  let handedOut = new Map<string, number>();
  for (const key of query.seenAtStart ?? []) handedOut.set(key, (handedOut.get(key) ?? 0) + 1);
  let lastBlock: number | null = null;

  for (;;) {
    const windowStart = startBlock;
    const inLastBlock = new Map<string, number>();
    let windowLastBlock = windowStart;
    let fullWindow = false;

    for (let page = 1; page <= pagesPerWindow; page++) {
      const records = await client.list(
        action,
        {
          chainId: query.chainId,
          address: query.address,
          contractAddress: query.contractAddress,
          startBlock: windowStart,
          endBlock: query.endBlock,
          page,
          offset: pageSize,
          sort: 'asc',
        },
        { signal: options.signal },
      );
      const fresh: EtherscanRecordOf[A][] = [];
      for (const record of records) {
        const block = Number(record.blockNumber);
        if (block < windowLastBlock || block < windowStart) {
          throw new ExplorerError({
            kind: 'malformed',
            message: 'Etherscan listed records out of order, so the history could not be read.',
            endpoint,
          });
        }
        if (block > windowLastBlock) inLastBlock.clear();
        windowLastBlock = block;
        const key = recordKey(action, record);
        inLastBlock.set(key, (inLastBlock.get(key) ?? 0) + 1);
        const skip = block === windowStart ? (handedOut.get(key) ?? 0) : 0;
        if (skip > 0) {
          handedOut.set(key, skip - 1);
          continue;
        }
        fresh.push(record);
      }
      if (records.length > 0) lastBlock = windowLastBlock;
      if (fresh.length > 0) yield { records: fresh, lastBlock };
      if (records.length < pageSize) return;
      fullWindow = page === pagesPerWindow;
    }

    if (!fullWindow) return;
    if (windowLastBlock === windowStart) {
      throw new ExplorerError({
        kind: 'rejected',
        message: `Block ${windowStart} alone holds more than ${resultWindow} records for this address; Etherscan cannot page through them.`,
        endpoint,
      });
    }
    startBlock = windowLastBlock;
    handedOut = inLastBlock;
  }
}

/** The whole history in memory, oldest first, with the block a later sync should start from. */
export async function readAccountHistory<A extends EtherscanListAction>(
  client: EtherscanClient,
  action: A,
  query: AccountHistoryQuery,
  options: AccountHistoryOptions = {},
): Promise<HistoryPage<A>> {
  const records: EtherscanRecordOf[A][] = [];
  let lastBlock: number | null = null;
  for await (const page of accountHistoryPages(client, action, query, options)) {
    records.push(...page.records);
    lastBlock = page.lastBlock;
  }
  return { records, lastBlock };
}
