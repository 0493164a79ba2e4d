import { unitsToDecimal } from './base-units.ts';
import { normalizeBitcoinAddress } from './bitcoin-address.ts';
import { type MovementKind, unixSecondsToIso, WalletDataError } from './movement-types.ts';

/** The fields of an Esplora transaction (`/address/:a/txs`, `/tx/:txid`) this reads; values in satoshis. */
export interface EsploraTransaction {
  txid: string;
  status: { confirmed: boolean; block_height?: number | null; block_time?: number | null };
  fee: number;
  vin: EsploraInput[];
  vout: EsploraOutput[];
}

export interface EsploraInput {
  txid: string;
  vout: number;
  /** Null for a coinbase input, which spends nothing. */
  prevout: { scriptpubkey_address?: string | null; value: number } | null;
  is_coinbase?: boolean;
}

export interface EsploraOutput {
  /** Absent for outputs with no address form (OP_RETURN, bare scripts). */
  scriptpubkey_address?: string | null;
  value: number;
}

export const bitcoinDecimals = 8;
export const bitcoinCoinId = 'bitcoin';

export interface BitcoinMovement {
  outside_id: string;
  kind: MovementKind;
  coin_id: typeof bitcoinCoinId;
  /** BTC with its 8 decimals, always positive. */
  quantity: string;
  /** The wallet's address the coins arrived at (receive); null where no single one is meant. */
  own_address: string | null;
  /** The other side's address when one is known: the payee of a send, the sole payer of a receive. */
  counterparty: string | null;
}

/**
 * How the fee was attributed: `wallet` (every input was the wallet's, so it paid all of it),
 * `none` (it paid nothing in), `share` (inputs of others too; see `bitcoinMovements`).
 */
export type FeeAttribution = 'wallet' | 'none' | 'share';

export interface BitcoinTransactionMovements {
  txid: string;
  block_height: number | null;
  occurred_at: string | null;
  /** What the wallet gained (positive) or lost in this transaction, BTC; the movements add up to it. */
  net: string;
  fee_attribution: FeeAttribution;
  movements: BitcoinMovement[];
}

export interface BitcoinHistory {
  /** Confirmed transactions, oldest block first: these are booked. */
  confirmed: BitcoinTransactionMovements[];
  /** In the mempool: shown as pending, never booked (they may be replaced or never confirm). */
  pending: BitcoinTransactionMovements[];
}

/**
 * A wallet's on-chain transactions as ledger movements, exactly (integer satoshis in, 8-decimal
 * BTC strings out). `ownAddresses` are every address of the wallet (both chains of an account).
 *
 * - Nothing of the wallet's spent: each output to one of its addresses is a `receive`
 *   (`txid:vout`).
 * - Only the wallet's coins spent: each output to an outside address is a `send` (`txid:vout`),
 *   outputs back to its own addresses are change and net out, and the fee is the wallet's
 *   (`txid:fee`). A consolidation (every output its own) is therefore the fee alone.
 * - Inputs of others too (a coinjoin, a payjoin): nothing on chain says who pays whom or how the
 *   fee was split, so the wallet is charged the fee in proportion to the value it put in (rounded
 *   to the satoshi, at most what it lost), and the rest of what it lost is one `send`
 *   (`txid:net`). When it gained, the gain is one `receive` (`txid:net`) and no fee, because the
 *   other side paid for the transaction. Either way the movements sum to what the wallet's
 *   balance did.
 *
 * The same transaction listed twice (once per own address it touches) is read once.
 */
export function bitcoinMovements(
  transactions: readonly EsploraTransaction[],
  ownAddresses: Iterable<string>,
): BitcoinHistory {
  const own = new Set<string>();
  for (const address of ownAddresses) own.add(normalizeBitcoinAddress(address));

  const byTxid = new Map<string, EsploraTransaction>();
  for (const tx of transactions) {
    const seen = byTxid.get(tx.txid);
    // A copy fetched after it confirmed wins over an earlier mempool copy of the same transaction.
    if (seen === undefined || (!seen.status.confirmed && tx.status.confirmed)) byTxid.set(tx.txid, tx);
  }

  const confirmed: BitcoinTransactionMovements[] = [];
  const pending: BitcoinTransactionMovements[] = [];
  for (const tx of byTxid.values()) {
    const result = transactionMovements(tx, own);
    (tx.status.confirmed ? confirmed : pending).push(result);
  }
  confirmed.sort((a, b) => (a.block_height ?? 0) - (b.block_height ?? 0));
  return { confirmed, pending };
}

function sats(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new WalletDataError(`${what} is not a whole number of satoshis: ${String(value)}`);
  }
  return BigInt(value);
}

const btc = (value: bigint) => unitsToDecimal(value, bitcoinDecimals, true);

function transactionMovements(tx: EsploraTransaction, own: ReadonlySet<string>): BitcoinTransactionMovements {
  if (!/^[0-9a-f]{64}$/.test(tx.txid)) throw new WalletDataError(`bad txid ${tx.txid}`);
  const isOwn = (address: string | null | undefined) =>
    address !== null && address !== undefined && own.has(normalizeBitcoinAddress(address));

  let totalIn = 0n;
  let ownIn = 0n;
  let coinbase = false;
  const payers = new Set<string>();
  tx.vin.forEach((input, i) => {
    if (input.prevout === null || input.is_coinbase === true) {
      coinbase = true;
      return;
    }
    const value = sats(input.prevout.value, `${tx.txid} input ${i}`);
    totalIn += value;
    if (isOwn(input.prevout.scriptpubkey_address)) ownIn += value;
    else payers.add(normalizeBitcoinAddress(input.prevout.scriptpubkey_address ?? ''));
  });

  let totalOut = 0n;
  let ownOut = 0n;
  const outputs = tx.vout.map((output, vout) => {
    const value = sats(output.value, `${tx.txid} output ${vout}`);
    totalOut += value;
    const mine = isOwn(output.scriptpubkey_address);
    if (mine) ownOut += value;
    const address = output.scriptpubkey_address;
    return { vout, value, mine, address: address ? normalizeBitcoinAddress(address) : null };
  });

  const fee = sats(tx.fee, `${tx.txid} fee`);
  // A coinbase creates coins, so only a transaction that spends can be checked against its fee.
  if (!coinbase && totalIn - totalOut !== fee) {
    throw new WalletDataError(`${tx.txid}: fee ${fee} is not inputs ${totalIn} minus outputs ${totalOut}`);
  }

  const movements: BitcoinMovement[] = [];
  const add = (
    outside: string,
    kind: MovementKind,
    value: bigint,
    ownAddress: string | null,
    counterparty: string | null,
  ) => {
    if (value > 0n) {
      movements.push({
        outside_id: `${tx.txid}:${outside}`,
        kind,
        coin_id: bitcoinCoinId,
        quantity: btc(value),
        own_address: ownAddress,
        counterparty,
      });
    }
  };

  let attribution: FeeAttribution;
  if (ownIn === 0n) {
    attribution = 'none';
    // The payer is named only when there is exactly one with an address: that is who sent it.
    const [payer] = payers;
    const sender = payers.size === 1 && payer ? payer : null;
    for (const output of outputs) {
      if (output.mine) add(String(output.vout), 'receive', output.value, output.address, sender);
    }
  } else if (ownIn === totalIn && !coinbase) {
    attribution = 'wallet';
    for (const output of outputs) {
      if (!output.mine) add(String(output.vout), 'send', output.value, null, output.address);
    }
    add('fee', 'fee', fee, null, null);
  } else {
    attribution = 'share';
    const lost = ownIn - ownOut;
    if (lost > 0n) {
      // Half up to the satoshi: (2·fee·ownIn + totalIn) ÷ (2·totalIn), in integers.
      const share = (2n * fee * ownIn + totalIn) / (2n * totalIn);
      const feePart = share < lost ? share : lost;
      add('net', 'send', lost - feePart, null, null);
      add('fee', 'fee', feePart, null, null);
    } else {
      add('net', 'receive', -lost, null, null);
    }
  }

  const height = tx.status.confirmed ? (tx.status.block_height ?? null) : null;
  const time = tx.status.confirmed ? (tx.status.block_time ?? null) : null;
  return {
    txid: tx.txid,
    block_height: height,
    occurred_at: time === null ? null : unixSecondsToIso(time),
    net: unitsToDecimal(ownOut - ownIn, bitcoinDecimals, true),
    fee_attribution: attribution,
    movements,
  };
}
