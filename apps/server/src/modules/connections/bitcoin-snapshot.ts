import type { ConnectionProgress } from '@app/contracts';
import { type BitcoinTransactionMovements, bitcoinCoinId } from '@app/core/wallets';
import { isExplorerError } from '../../integrations/chain-http/index.ts';
import type { EsploraClient } from '../../integrations/esplora/index.ts';
import { type BitcoinWalletSource, readBitcoinWallet } from './bitcoin-wallet-reader.ts';
import type { PendingLine, SyncCursor } from './sync-cursor.ts';
import { balanceKey, type SourcedMovement, signedQuantity, type WalletSnapshot } from './wallet-snapshot.ts';

const chain = 'bitcoin';

/**
 * Reads a Bitcoin wallet for a sync. A reorganisation under a cursor makes the read start over
 * from the first transaction, so the booking can compare the whole confirmed history with what it
 * booked. A confirmed transaction short of `confirmations` is held back (pending) and kept in the
 * cursor, because the reader's cursor has already moved past it: the next sync asks the explorer
 * for it again by txid.
 */
export async function readBitcoinSnapshot(input: {
  client: EsploraClient;
  source: BitcoinWalletSource;
  cursor: SyncCursor;
  confirmations: number;
  onProgress: (progress: ConnectionProgress) => void;
  signal?: AbortSignal | undefined;
}): Promise<WalletSnapshot> {
  const { client, signal } = input;
  const read = (cursor: SyncCursor['bitcoin']) =>
    readBitcoinWallet({
      client,
      source: input.source,
      cursor: cursor ?? {},
      onProgress: input.onProgress,
      signal,
    });
  let wallet = await read(input.cursor.bitcoin);
  const restarted = wallet.reorganised;
  if (restarted) {
    const { highestUsed } = wallet.cursor;
    wallet = await read(highestUsed ? { highestUsed } : {});
  }

  const confirmed = new Map(wallet.history.confirmed.map((t) => [t.txid, t]));
  const pending = new Map(wallet.history.pending.map((t) => [t.txid, t]));
  for (const held of input.cursor.held ?? []) {
    if (confirmed.has(held.txid) || pending.has(held.txid)) continue;
    const now = await recheck(client, held, signal);
    if (now === null) continue;
    (now.block_height === null ? pending : confirmed).set(now.txid, now);
  }

  const tip = input.confirmations > 1 && confirmed.size > 0 ? await client.tipHeight({ signal }) : null;
  const ready: BitcoinTransactionMovements[] = [];
  const held: BitcoinTransactionMovements[] = [];
  for (const tx of confirmed.values()) {
    const depth =
      tip === null || tx.block_height === null ? Number.POSITIVE_INFINITY : tip - tx.block_height + 1;
    (depth >= input.confirmations ? ready : held).push(tx);
  }
  ready.sort((a, b) => (a.block_height ?? 0) - (b.block_height ?? 0));

  const movements: SourcedMovement[] = [];
  for (const tx of ready) {
    const at = new Date(tx.occurred_at ?? 0);
    for (const m of tx.movements) {
      movements.push({
        sourceId: m.outside_id,
        txKey: tx.txid,
        chain,
        kind: m.kind,
        coinId: bitcoinCoinId,
        quantity: m.quantity,
        executedAt: at,
      });
    }
  }
  const pendingLines: PendingLine[] = [...held, ...pending.values()].flatMap((tx) =>
    tx.movements.map((m) => ({
      source_id: m.outside_id,
      chain,
      coin_id: bitcoinCoinId,
      quantity: signedQuantity(m.kind, m.quantity),
    })),
  );

  return {
    movements,
    pending: pendingLines,
    balances: { [balanceKey(chain, bitcoinCoinId)]: wallet.chainBalance },
    cursor: { bitcoin: wallet.cursor, ...(held.length > 0 ? { held } : {}) },
    progress: wallet.progress,
    ...(restarted ? { confirmedTxs: new Map(ready.map((t) => [t.txid, new Date(t.occurred_at ?? 0)])) } : {}),
  };
}

/**
 * A held transaction as the explorer has it now: in a block (with that block's height and time),
 * back in the mempool (height null), or gone (null: a reorganisation dropped it).
 */
async function recheck(
  client: EsploraClient,
  held: BitcoinTransactionMovements,
  signal: AbortSignal | undefined,
): Promise<BitcoinTransactionMovements | null> {
  try {
    const tx = await client.tx(held.txid, { signal });
    if (!tx.status.confirmed) return { ...held, block_height: null, occurred_at: null };
    return {
      ...held,
      block_height: tx.status.block_height,
      occurred_at: new Date(tx.status.block_time * 1000).toISOString(),
    };
  } catch (error) {
    if (isExplorerError(error) && error.kind === 'not_found') return null;
    throw error;
  }
}
