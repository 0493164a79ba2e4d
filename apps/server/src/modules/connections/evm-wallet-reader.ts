import type { ConnectionProgress, EvmChainName } from '@app/contracts';
import {
  type EvmMovement,
  evmChains,
  evmMovements,
  type SkippedRecord,
  unitsToDecimal,
} from '@app/core/wallets';
import {
  type EtherscanClient,
  type EtherscanListAction,
  type EtherscanRecordOf,
  readAccountHistory,
} from '../../integrations/etherscan/index.ts';
import {
  checkWindow,
  type ListCursor,
  nextListCursor,
  type RecentRecord,
  reorgWindow,
  windowStart,
} from './evm-list-cursor.ts';

/** Sealed like the address: block numbers and hashes tie the owner to their payments. */
export interface EvmCursor {
  chains?: Partial<Record<EvmChainName, Partial<Record<EtherscanListAction, ListCursor>>>>;
}

export interface EvmChainRead {
  chain: EvmChainName;
  /** Movements of records deep enough to book, read for the first time. */
  movements: EvmMovement[];
  /** Movements of records short of the confirmations asked for: pending, read again next time. */
  held: EvmMovement[];
  skipped: SkippedRecord[];
  /** The native coin the chain reports the address holds now (its own unit, exact). */
  nativeBalance: string;
  /**
   * Set when a reorganisation made this chain's read start over: every transaction deep enough
   * (lowercase hash) and its block's time, so rows of any other transaction of the chain go.
   */
  confirmed?: Map<string, string>;
}

export interface EvmWalletRead {
  chains: EvmChainRead[];
  cursor: EvmCursor;
  progress: ConnectionProgress;
}

interface ChainInput {
  client: EtherscanClient;
  chain: EvmChainName;
  address: string;
  confirmations: number;
  signal: AbortSignal | undefined;
}

/**
 * Reads an EVM address on each chosen chain from Etherscan's V2 API: its own transactions, the
 * value contract calls moved to it, and its token transfers, then the native balance for
 * reconciliation. Each list is read from a window under its newest booked block, so a booked
 * record that left its block shows; when one did, the chain is read again from its first block.
 * Records fewer than `confirmations` blocks deep are held (pending) and not moved past, so the
 * next read sees them again. Tokens map to coins only through `tokenCoinId`; any other stays
 * unrecognised (never priced, never a holding). A fault on any chain rejects the whole read.
 */
export async function readEvmWallet(input: {
  client: EtherscanClient;
  address: string;
  chains: readonly EvmChainName[];
  cursor: EvmCursor;
  /** Blocks deep (the record's own block counts as one) before a record is booked. */
  confirmations?: number;
  tokenCoinId?: (chain: EvmChainName, contractAddress: string) => string | null;
  onProgress?: (progress: ConnectionProgress) => void;
  signal?: AbortSignal;
}): Promise<EvmWalletRead> {
  const progress: ConnectionProgress = { addresses_scanned: 0, transactions_found: 0 };
  const cursor: EvmCursor = { chains: { ...input.cursor.chains } };
  const out: EvmChainRead[] = [];
  for (const chain of input.chains) {
    const chainInput: ChainInput = {
      client: input.client,
      chain,
      address: input.address,
      confirmations: input.confirmations ?? 1,
      signal: input.signal,
    };
    const before = input.cursor.chains?.[chain] ?? {};
    const windowed = await readChainLists(chainInput, before);
    const restarted = windowed === null;
    const read = windowed ?? (await readChainLists(chainInput, {}));
    // Without a cursor nothing is expected back, so a read from the first block always stands.
    if (read === null) throw new Error('a read from the first block found a booked record missing');
    progress.transactions_found +=
      read.txlist.fresh.length + read.txlistinternal.fresh.length + read.tokentx.fresh.length;
    input.onProgress?.({ ...progress });
    const { ready, held, next } = await splitByDepth(chainInput, read, restarted ? {} : before);

    const derive = (lists: Lists) =>
      evmMovements({
        chain,
        address: input.address,
        transactions: lists.txlist,
        internal: lists.txlistinternal,
        tokens: lists.tokentx,
        ...(input.tokenCoinId ? { tokenCoinId: input.tokenCoinId } : {}),
      });
    const booked = derive(ready);
    const waiting = derive(held);
    const wei = await input.client.balance(
      { chainId: evmChains[chain].chainId, address: input.address },
      { signal: input.signal },
    );
    out.push({
      chain,
      movements: booked.movements,
      held: waiting.movements,
      skipped: [...booked.skipped, ...waiting.skipped],
      nativeBalance: unitsToDecimal(BigInt(wei), evmChains[chain].nativeDecimals),
      ...(restarted ? { confirmed: transactionTimes(ready) } : {}),
    });
    if (cursor.chains) cursor.chains[chain] = next;
    progress.addresses_scanned += 1;
    input.onProgress?.({ ...progress });
  }
  return { chains: out, cursor, progress };
}

type Lists = { [A in EtherscanListAction]: EtherscanRecordOf[A][] };
type ChainCursor = Partial<Record<EtherscanListAction, ListCursor>>;

/** One list as read from its window: what was not booked before, and the booked records found again. */
interface ListRead<A extends EtherscanListAction> {
  action: A;
  start: number;
  fresh: EtherscanRecordOf[A][];
  kept: RecentRecord[];
  /**
   * The chain's newest block as this list's answer told it: a txlist or tokentx record lies
   * `confirmations` blocks deep, its own block counted. Null when it listed none of those.
   */
  tipSeen: number | null;
}

interface ChainLists {
  txlist: ListRead<'txlist'>;
  txlistinternal: ListRead<'txlistinternal'>;
  tokentx: ListRead<'tokentx'>;
}

/** The three lists from their windows, or null when a booked record was not found again. */
async function readChainLists(input: ChainInput, before: ChainCursor): Promise<ChainLists | null> {
  const txlist = await readList(input, 'txlist', before.txlist);
  if (!txlist) return null;
  const txlistinternal = await readList(input, 'txlistinternal', before.txlistinternal);
  if (!txlistinternal) return null;
  const tokentx = await readList(input, 'tokentx', before.tokentx);
  if (!tokentx) return null;
  return { txlist, txlistinternal, tokentx };
}

async function readList<A extends EtherscanListAction>(
  input: ChainInput,
  action: A,
  before: ListCursor | undefined,
): Promise<ListRead<A> | null> {
  const start = windowStart(before, reorgWindow[input.chain]);
  const page = await readAccountHistory(
    input.client,
    action,
    { chainId: evmChains[input.chain].chainId, address: input.address, startBlock: start },
    { signal: input.signal },
  );
  const check = checkWindow(action, before, start, page.records);
  if (!check.intact) return null;
  let tipSeen: number | null = null;
  for (const r of page.records) {
    if ('confirmations' in r) {
      tipSeen = Math.max(tipSeen ?? 0, Number(r.blockNumber) + Number(r.confirmations) - 1);
    }
  }
  return { action, start, fresh: check.fresh, kept: check.kept, tipSeen };
}

/**
 * The chain's newest block: the highest the lists' answers told (a later answer may have seen a
 * newer block; an older tip only holds more back). The internal list does not say; only when
 * nothing else did is the tip asked for.
 */
async function chainTip(input: ChainInput, lists: ChainLists): Promise<number> {
  const told = [lists.txlist.tipSeen, lists.tokentx.tipSeen].filter((t): t is number => t !== null);
  const tip = told.length > 0 ? Math.max(...told) : null;
  return (
    tip ??
    (await input.client.tipBlock({ chainId: evmChains[input.chain].chainId }, { signal: input.signal }))
  );
}

/**
 * The fresh records deep enough to book, those held back, and the chain's next cursor. Depth is
 * measured from one tip for the whole chain, so what is held always lies above what is booked
 * and the cursor never moves past a held record.
 */
async function splitByDepth(
  input: ChainInput,
  lists: ChainLists,
  before: ChainCursor,
): Promise<{ ready: Lists; held: Lists; next: ChainCursor }> {
  const anyFresh =
    lists.txlist.fresh.length + lists.txlistinternal.fresh.length + lists.tokentx.fresh.length > 0;
  const tip = input.confirmations > 1 && anyFresh ? await chainTip(input, lists) : null;
  const deepEnough = (r: { blockNumber: string }) =>
    tip === null || tip - Number(r.blockNumber) + 1 >= input.confirmations;
  const next: ChainCursor = {};
  const split = <A extends EtherscanListAction>(list: ListRead<A>) => {
    const booked = list.fresh.filter(deepEnough);
    const cursor = nextListCursor(list.action, {
      before: before[list.action],
      start: list.start,
      kept: list.kept,
      booked,
      depth: reorgWindow[input.chain],
    });
    if (cursor) next[list.action] = cursor;
    return { booked, held: list.fresh.filter((r) => !deepEnough(r)) };
  };
  const txlist = split(lists.txlist);
  const internal = split(lists.txlistinternal);
  const tokentx = split(lists.tokentx);
  return {
    ready: { txlist: txlist.booked, txlistinternal: internal.booked, tokentx: tokentx.booked },
    held: { txlist: txlist.held, txlistinternal: internal.held, tokentx: tokentx.held },
    next,
  };
}

/** Every transaction the lists name, by lowercase hash, with its block's time. */
function transactionTimes(lists: Lists): Map<string, string> {
  const times = new Map<string, string>();
  for (const r of [...lists.txlist, ...lists.txlistinternal, ...lists.tokentx]) {
    times.set(r.hash.toLowerCase(), new Date(Number(r.timeStamp) * 1000).toISOString());
  }
  return times;
}
