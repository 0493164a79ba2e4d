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
  readAccountHistory,
  recordKey,
} from '../../integrations/etherscan/index.ts';

/** Where one chain's read stopped, per list: its last block, and what was already read in it. */
interface ListCursor {
  lastBlock: number;
  /** recordKeys of that block's records, so reading the block again hands none of them out twice. */
  seen: string[];
}

/** Sealed like the address: block numbers and hashes tie the owner to their payments. */
export interface EvmCursor {
  chains?: Partial<Record<EvmChainName, Partial<Record<EtherscanListAction, ListCursor>>>>;
}

export interface EvmChainRead {
  chain: EvmChainName;
  movements: EvmMovement[];
  skipped: SkippedRecord[];
  /** The native coin the chain reports the address holds now (its own unit, exact). */
  nativeBalance: string;
}

export interface EvmWalletRead {
  chains: EvmChainRead[];
  cursor: EvmCursor;
  progress: ConnectionProgress;
}

const lists = ['txlist', 'txlistinternal', 'tokentx'] as const;

/**
 * Internal transactions and token transfers are told apart within their transaction by a trace
 * id or a log index, which Etherscan does not always send. Without one, a record is numbered by
 * its place among its transaction's records (`n0`, `n1`…): Etherscan lists them in a fixed
 * order, so the same record gets the same outside id on every read.
 */
function numbered<R extends { hash: string }, T>(
  records: readonly R[],
  own: (record: R) => string | undefined,
  withId: (record: R, id: string) => T,
): T[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const n = seen.get(record.hash) ?? 0;
    seen.set(record.hash, n + 1);
    return withId(record, own(record) ?? `n${n}`);
  });
}

/**
 * Reads an EVM address on each chosen chain from Etherscan's V2 API: its own transactions, the
 * value contract calls moved to it, and its token transfers, each from where the last read
 * stopped, then the native balance for reconciliation. Tokens map to coins only through
 * `tokenCoinId`; any other stays unrecognised (never priced, never a holding). A fault on any
 * chain rejects the whole read.
 */
export async function readEvmWallet(input: {
  client: EtherscanClient;
  address: string;
  chains: readonly EvmChainName[];
  cursor: EvmCursor;
  tokenCoinId?: (chain: EvmChainName, contractAddress: string) => string | null;
  onProgress?: (progress: ConnectionProgress) => void;
  signal?: AbortSignal;
}): Promise<EvmWalletRead> {
  const call = { signal: input.signal };
  const progress: ConnectionProgress = { addresses_scanned: 0, transactions_found: 0 };
  const cursor: EvmCursor = { chains: { ...input.cursor.chains } };
  const out: EvmChainRead[] = [];
  for (const chain of input.chains) {
    const chainId = evmChains[chain].chainId;
    const before = input.cursor.chains?.[chain] ?? {};
    const next: Partial<Record<EtherscanListAction, ListCursor>> = { ...before };
    const read = async <A extends EtherscanListAction>(action: A) => {
      const from = before[action];
      const page = await readAccountHistory(
        input.client,
        action,
        { chainId, address: input.address, startBlock: from?.lastBlock, seenAtStart: from?.seen },
        call,
      );
      if (page.lastBlock !== null) {
        const inLast = page.records.filter((r) => Number(r.blockNumber) === page.lastBlock);
        const carried = from && from.lastBlock === page.lastBlock ? from.seen : [];
        next[action] = {
          lastBlock: page.lastBlock,
          seen: [...carried, ...inLast.map((r) => recordKey(action, r))],
        };
      }
      progress.transactions_found += page.records.length;
      input.onProgress?.({ ...progress });
      return page.records;
    };
    const transactions = await read(lists[0]);
    const internal = numbered(
      await read(lists[1]),
      (r) => r.traceId,
      (r, id) => ({ ...r, traceId: id }),
    );
    const tokens = numbered(
      await read(lists[2]),
      (r) => r.logIndex,
      (r, id) => ({ ...r, logIndex: id }),
    );
    const history = evmMovements({
      chain,
      address: input.address,
      transactions,
      internal,
      tokens,
      ...(input.tokenCoinId ? { tokenCoinId: input.tokenCoinId } : {}),
    });
    const wei = await input.client.balance({ chainId, address: input.address }, call);
    out.push({
      chain,
      movements: history.movements,
      skipped: history.skipped,
      nativeBalance: unitsToDecimal(BigInt(wei), evmChains[chain].nativeDecimals),
    });
    if (cursor.chains) cursor.chains[chain] = next;
    progress.addresses_scanned += 1;
    input.onProgress?.({ ...progress });
  }
  return { chains: out, cursor, progress };
}
