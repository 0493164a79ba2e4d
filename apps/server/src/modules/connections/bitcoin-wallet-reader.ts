import type { BitcoinScriptType, ConnectionProgress } from '@app/contracts';
import {
  type AddressChain,
  type BitcoinHistory,
  bitcoinMovements,
  parseExtendedPublicKey,
  scanGap,
  unitsToDecimal,
} from '@app/core/wallets';
import { ExplorerError } from '../../integrations/chain-http/index.ts';
import {
  type EsploraClient,
  type EsploraTx,
  type HistoryCursor,
  readConfirmedHistory,
} from '../../integrations/esplora/index.ts';

/**
 * Where a Bitcoin connection's last read stopped. Kept sealed like the key: txids and indexes
 * tell which payments are the owner's as surely as the addresses do.
 */
export interface BitcoinCursor {
  /** The highest used index of each chain of an extended key (absent for a single address). */
  highestUsed?: Partial<Record<AddressChain, number | null>>;
  /** Per used address (by chain and index, or `address` for a single one): its newest confirmed tx. */
  history?: Record<string, HistoryCursor>;
  /** Per used address, how many confirmed transactions the explorer counted at the last read. */
  counts?: Record<string, number>;
  /**
   * The wallet's newest confirmed transaction and its block then. A reorganisation that touched
   * any of the wallet's transactions replaced every block from its height up, so this one's too:
   * one look at it tells whether the addresses with nothing new can be left unread.
   */
  newest?: { txid: string; blockHash: string; height: number };
}

export interface BitcoinWalletRead {
  /** Every confirmed and pending transaction of the wallet as movements (see bitcoinMovements). */
  history: BitcoinHistory;
  /**
   * What the chain says the wallet holds, in BTC: confirmed funded minus spent over every used
   * address. Reconciliation compares it with what the ledger computes from the booked rows.
   */
  chainBalance: string;
  /** True when some address's cursor transaction moved block or vanished (a reorganisation). */
  reorganised: boolean;
  cursor: BitcoinCursor;
  progress: ConnectionProgress;
}

export interface BitcoinWalletSource {
  value: string;
  form: 'key' | 'address';
  scriptType: BitcoinScriptType | null;
  gapLimit: number | null;
}

interface AddressToRead {
  key: string;
  address: string;
}

/**
 * Whether the wallet's newest confirmed transaction is still in the block it was in (true when
 * there is none to check). Anything else (another block, back in the mempool, gone) means the
 * chain was reorganised under the wallet, and every address is read again.
 */
async function newestStillThere(
  client: EsploraClient,
  newest: BitcoinCursor['newest'],
  call: { signal?: AbortSignal | undefined },
): Promise<boolean> {
  if (newest === undefined) return true;
  const tx = await client.tx(newest.txid, call).catch((error: unknown) => {
    if (error instanceof ExplorerError && error.kind === 'not_found') return null;
    throw error;
  });
  return tx?.status.confirmed === true && tx.status.block_hash === newest.blockHash;
}

/**
 * Reads a Bitcoin wallet from an Esplora explorer: for a key, the gap scan over its receive and
 * change chains (only the key's own addresses are ever asked), then each used address's history
 * from its cursor on, and the mempool for what is still pending. Every answer was validated by
 * the client; a fault anywhere rejects the whole read, so nothing half-read is ever booked.
 */
export async function readBitcoinWallet(input: {
  client: EsploraClient;
  source: BitcoinWalletSource;
  cursor: BitcoinCursor;
  onProgress?: (progress: ConnectionProgress) => void;
  signal?: AbortSignal;
}): Promise<BitcoinWalletRead> {
  const { client, source } = input;
  const call = { signal: input.signal };
  const progress: ConnectionProgress = { addresses_scanned: 0, transactions_found: 0 };
  const report = () => input.onProgress?.({ ...progress });
  const stats = new Map<string, { funded: bigint; spent: bigint; confirmed: number; pending: number }>();

  const toRead: AddressToRead[] = [];
  let highestUsed: BitcoinCursor['highestUsed'];
  const lookup = async (address: string) => {
    const s = await client.addressStats(address, call);
    stats.set(address, {
      funded: BigInt(s.chain_stats.funded_txo_sum),
      spent: BigInt(s.chain_stats.spent_txo_sum),
      confirmed: s.chain_stats.tx_count,
      pending: s.mempool_stats.tx_count,
    });
    return { used: s.chain_stats.tx_count + s.mempool_stats.tx_count > 0 };
  };
  if (source.form === 'key') {
    const key = parseExtendedPublicKey(source.value, source.scriptType ?? undefined);
    if (!key.ok) throw new Error(key.message);
    // Every used address of both chains, found from the cursor's highest indexes on. The scan asks
    // only the gap past what is known, so the addresses below are looked up again here for their
    // history and balance: the scan's own lookups cover what is new.
    const scan = await scanGap({
      derive: (chain, index) => key.value.address(chain, index),
      lookup,
      ...(source.gapLimit === null ? {} : { gap: source.gapLimit }),
      start: input.cursor.highestUsed ?? {},
      onProgress: (p) => {
        progress.addresses_scanned = p.addresses_scanned;
        report();
      },
    });
    highestUsed = scan.highestUsed;
    const found = new Set(scan.used.map((u) => u.address));
    for (const chain of ['receive', 'change'] as const) {
      const top = scan.highestUsed[chain];
      if (top === null || top === undefined) continue;
      for (let index = 0; index <= top; index++) {
        const address = key.value.address(chain, index);
        if (!stats.has(address)) {
          const used = await lookup(address);
          progress.addresses_scanned += 1;
          report();
          if (!used.used) continue;
        } else if (!found.has(address)) continue;
        toRead.push({ key: `${chain}/${index}`, address });
      }
    }
  } else {
    const used = await lookup(source.value);
    progress.addresses_scanned = 1;
    report();
    if (used.used) toRead.push({ key: 'address', address: source.value });
  }

  const byTxid = new Map<string, EsploraTx>();
  const history: Record<string, HistoryCursor> = { ...input.cursor.history };
  const counts: Record<string, number> = { ...input.cursor.counts };
  // An address whose count of confirmed transactions is what it was, with nothing in the mempool,
  // has nothing new to read, unless the chain under the wallet's newest transaction changed.
  const settled = await newestStillThere(client, input.cursor.newest, call);
  let reorganised = !settled;
  let newest = settled ? input.cursor.newest : undefined;
  for (const { key, address } of toRead) {
    const now = stats.get(address);
    if (settled && now && now.pending === 0 && counts[key] === now.confirmed && history[key]) continue;
    const read = await readConfirmedHistory(client, address, {
      ...call,
      stopAt: input.cursor.history?.[key],
    });
    if (read.cursor === 'moved' || read.cursor === 'missing') reorganised = true;
    if (read.next) history[key] = read.next;
    if (now) counts[key] = now.confirmed;
    for (const tx of read.txs) {
      byTxid.set(tx.txid, tx);
      const { status } = tx;
      if (status.confirmed && (newest === undefined || status.block_height > newest.height))
        newest = { txid: tx.txid, blockHash: status.block_hash, height: status.block_height };
    }
    // The first page of /txs leads with the mempool: what is pending now.
    if (now === undefined || now.pending > 0) {
      for (const tx of await client.addressTxs(address, call)) {
        if (!tx.status.confirmed) byTxid.set(tx.txid, tx);
      }
    }
    progress.transactions_found = byTxid.size;
    report();
  }

  let balance = 0n;
  for (const { address } of toRead) {
    const s = stats.get(address);
    if (s) balance += s.funded - s.spent;
  }
  return {
    history: bitcoinMovements(
      [...byTxid.values()],
      toRead.map((a) => a.address),
    ),
    chainBalance: unitsToDecimal(balance, 8, true),
    reorganised,
    cursor: { ...(highestUsed ? { highestUsed } : {}), history, counts, ...(newest ? { newest } : {}) },
    progress: { ...progress },
  };
}
