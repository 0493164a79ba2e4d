import type { EvmChainName } from '@app/contracts';
import { parseUnits, unitsToDecimal } from './base-units.ts';
import { normalizeEvmAddress, toChecksumAddress } from './evm-address.ts';
import { evmChains } from './evm-chains.ts';
import { type MovementKind, unixSecondsToIso, WalletDataError } from './movement-types.ts';

/* Etherscan V2 records (`account` module), every field a string as the API sends it. */

/** `action=txlist`: transactions the address sent or received. */
export interface EtherscanTransaction {
  hash: string;
  blockNumber: string;
  timeStamp: string;
  from: string;
  /** Empty for a contract creation, whose new address is `contractAddress`. */
  to: string;
  value: string;
  gasUsed: string;
  gasPrice: string;
  isError: string;
  /** "1" success, "0" failure; empty before the Byzantium fork, when only `isError` tells. */
  txreceipt_status: string;
  contractAddress?: string;
}

/** `action=txlistinternal`: value moved by contract calls inside a transaction. */
export interface EtherscanInternalTransaction {
  hash: string;
  blockNumber: string;
  timeStamp: string;
  from: string;
  to: string;
  value: string;
  isError: string;
  /** Tells several calls of one transaction apart; not in every answer (see `innerIds`). */
  traceId?: string | undefined;
  contractAddress?: string;
}

/** `action=tokentx`: ERC-20 Transfer events. */
export interface EtherscanTokenTransfer {
  hash: string;
  blockNumber: string;
  timeStamp: string;
  /** Tells several transfers of one transaction apart; not in every answer (see `innerIds`). */
  logIndex?: string | undefined;
  contractAddress: string;
  from: string;
  to: string;
  value: string;
  tokenDecimal: string;
  tokenSymbol: string;
  tokenName: string;
}

export type EvmAsset =
  | { type: 'native'; chain: EvmChainName; coin_id: string; symbol: string; decimals: number }
  | {
      type: 'token';
      chain: EvmChainName;
      /** Checksummed; with `chain`, what a later step maps to a coin id. */
      contract_address: string;
      symbol: string;
      name: string;
      decimals: number;
      /** Null while unrecognised: anyone can send any token, so an unknown one is never priced or booked as a coin. */
      coin_id: string | null;
      status: 'recognised' | 'unrecognised';
    };

export interface EvmMovement {
  outside_id: string;
  kind: MovementKind;
  asset: EvmAsset;
  /** Exact, in the asset's own unit (wei scaled by 18, a token by its decimals); always positive. */
  quantity: string;
  block_height: number;
  occurred_at: string;
  /** The other side (checksummed); null for fees. */
  counterparty: string | null;
  /** True for the gas of a transaction that failed: it moved nothing else. */
  failed: boolean;
}

export interface SkippedRecord {
  outside_id: string;
  reason: 'zero_value' | 'bad_decimals' | 'failed' | 'self_transfer';
}

export interface EvmHistoryInput {
  chain: EvmChainName;
  /** The connected address (any case). */
  address: string;
  transactions?: readonly EtherscanTransaction[];
  internal?: readonly EtherscanInternalTransaction[];
  tokens?: readonly EtherscanTokenTransfer[];
  /** A coin id for a token the app knows on this chain, else null (it stays unrecognised). */
  tokenCoinId?: (chain: EvmChainName, contractAddress: string) => string | null;
}

export interface EvmHistory {
  /** Oldest block first. */
  movements: EvmMovement[];
  /** Records that moved nothing, with why, so a sync can count what it read. */
  skipped: SkippedRecord[];
}

/**
 * The inner id of each record within its transaction: its own (a trace id, a log index) where the
 * answer carries one, else its place among the records of the list that share its hash (`n0`,
 * `n1`…, counting every record of that hash, with or without an id of its own). Etherscan lists a
 * transaction's records in a fixed order, so the same record gets the same id on every read, as
 * long as the list handed in holds the whole transaction. The ids are part of outside ids already
 * booked, so this numbering may never change.
 */
export function innerIds<R extends { hash: string }>(
  records: readonly R[],
  own: (record: R) => string | undefined,
): string[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const n = seen.get(record.hash) ?? 0;
    seen.set(record.hash, n + 1);
    return own(record) ?? `n${n}`;
  });
}

/**
 * One address's history on one chain as movements. Outside ids: `hash` for the transaction's own
 * value, `hash:fee` for its gas, `hash:internal:<traceId>` for value moved by contract calls,
 * `hash:<logIndex>` for token transfers (each inner id as `innerIds` gives it). Gas (gasUsed ×
 * gasPrice) is the address's disposal only when it sent the transaction; a failed transaction
 * moves nothing but still costs its gas, and anything listed under its hash is ignored. Sending to
 * oneself moves nothing but the gas.
 *
 * Not included: the L1 data fee rollups such as Base and Optimism add on top of gasUsed × gasPrice
 * (these records do not carry it), so their fees read slightly low.
 */
export function evmMovements(input: EvmHistoryInput): EvmHistory {
  const chain = evmChains[input.chain];
  const self = normalizeEvmAddress(input.address);
  const native: EvmAsset = {
    type: 'native',
    chain: chain.name,
    coin_id: chain.nativeCoinId,
    symbol: chain.nativeSymbol,
    decimals: chain.nativeDecimals,
  };
  const movements = new Map<string, EvmMovement>();
  const skipped = new Map<string, SkippedRecord>();
  const skip = (outside_id: string, reason: SkippedRecord['reason']) =>
    skipped.set(outside_id, { outside_id, reason });

  const failedHashes = new Set<string>();
  for (const tx of input.transactions ?? []) {
    const hash = txHash(tx.hash);
    const failed = tx.isError === '1' || tx.txreceipt_status === '0';
    if (failed) failedHashes.add(hash);
    const from = normalizeEvmAddress(tx.from);
    const to = normalizeEvmAddress(tx.to === '' ? (tx.contractAddress ?? '') : tx.to);
    const when = blockOf(tx);
    const value = units(tx.value, `${hash} value`);

    if (failed) skip(hash, 'failed');
    else if (value === 0n) skip(hash, 'zero_value');
    else if (from === self && to === self) skip(hash, 'self_transfer');
    else if (from === self || to === self) {
      const kind: MovementKind = from === self ? 'send' : 'receive';
      movements.set(hash, {
        outside_id: hash,
        kind,
        asset: native,
        quantity: unitsToDecimal(value, native.decimals),
        ...when,
        counterparty: checksummedOrNull(kind === 'send' ? to : from),
        failed: false,
      });
    }

    if (from === self) {
      const gas = units(tx.gasUsed, `${hash} gasUsed`) * units(tx.gasPrice, `${hash} gasPrice`);
      if (gas > 0n) {
        movements.set(`${hash}:fee`, {
          outside_id: `${hash}:fee`,
          kind: 'fee',
          asset: native,
          quantity: unitsToDecimal(gas, native.decimals),
          ...when,
          counterparty: null,
          failed,
        });
      }
    }
  }

  const internal = input.internal ?? [];
  const traceIds = innerIds(internal, (call) => call.traceId);
  for (const [i, call] of internal.entries()) {
    const hash = txHash(call.hash);
    const outside = `${hash}:internal:${traceIds[i]}`;
    const from = normalizeEvmAddress(call.from);
    const to = normalizeEvmAddress(call.to === '' ? (call.contractAddress ?? '') : call.to);
    const value = units(call.value, `${outside} value`);
    if (call.isError === '1' || failedHashes.has(hash)) skip(outside, 'failed');
    else if (value === 0n) skip(outside, 'zero_value');
    else if (from === self && to === self) skip(outside, 'self_transfer');
    else if (from === self || to === self) {
      const kind: MovementKind = from === self ? 'send' : 'receive';
      movements.set(outside, {
        outside_id: outside,
        kind,
        asset: native,
        quantity: unitsToDecimal(value, native.decimals),
        ...blockOf(call),
        counterparty: checksummedOrNull(kind === 'send' ? to : from),
        failed: false,
      });
    }
  }

  const tokens = input.tokens ?? [];
  const logIndexes = innerIds(tokens, (transfer) => transfer.logIndex);
  for (const [i, transfer] of tokens.entries()) {
    const hash = txHash(transfer.hash);
    const outside = `${hash}:${logIndexes[i]}`;
    const from = normalizeEvmAddress(transfer.from);
    const to = normalizeEvmAddress(transfer.to);
    const value = units(transfer.value, `${outside} value`);
    const decimals = tokenDecimals(transfer.tokenDecimal);
    if (failedHashes.has(hash)) skip(outside, 'failed');
    else if (decimals === null) skip(outside, 'bad_decimals');
    // Zero-value transfers are what address-poisoning spam sends: they move nothing.
    else if (value === 0n) skip(outside, 'zero_value');
    else if (from === self && to === self) skip(outside, 'self_transfer');
    else if (from === self || to === self) {
      const kind: MovementKind = from === self ? 'send' : 'receive';
      const contract = normalizeEvmAddress(transfer.contractAddress);
      const coinId = input.tokenCoinId?.(chain.name, contract) ?? null;
      movements.set(outside, {
        outside_id: outside,
        kind,
        asset: {
          type: 'token',
          chain: chain.name,
          contract_address: toChecksumAddress(contract),
          symbol: transfer.tokenSymbol,
          name: transfer.tokenName,
          decimals,
          coin_id: coinId,
          status: coinId === null ? 'unrecognised' : 'recognised',
        },
        quantity: unitsToDecimal(value, decimals),
        ...blockOf(transfer),
        counterparty: checksummedOrNull(kind === 'send' ? to : from),
        failed: false,
      });
    }
  }

  const ordered = [...movements.values()].sort((a, b) => a.block_height - b.block_height);
  return { movements: ordered, skipped: [...skipped.values()] };
}

function txHash(hash: string): string {
  const lower = hash.toLowerCase();
  if (!/^0x[0-9a-f]{64}$/.test(lower)) throw new WalletDataError(`bad transaction hash ${hash}`);
  return lower;
}

function units(text: string, what: string): bigint {
  const value = parseUnits(text);
  if (value === null) throw new WalletDataError(`${what} is not a whole number: ${text}`);
  return value;
}

/** ERC-20 decimals are a uint8; anything else is a broken (or hostile) token, skipped rather than guessed. */
function tokenDecimals(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const decimals = Number(text);
  return decimals <= 255 ? decimals : null;
}

function blockOf(record: { blockNumber: string; timeStamp: string; hash: string }): {
  block_height: number;
  occurred_at: string;
} {
  const height = Number(record.blockNumber);
  const time = Number(record.timeStamp);
  if (!/^\d+$/.test(record.blockNumber) || !Number.isSafeInteger(height)) {
    throw new WalletDataError(`${record.hash}: bad block number ${record.blockNumber}`);
  }
  if (!/^\d+$/.test(record.timeStamp))
    throw new WalletDataError(`${record.hash}: bad time ${record.timeStamp}`);
  return { block_height: height, occurred_at: unixSecondsToIso(time) };
}

function checksummedOrNull(address: string): string | null {
  return /^0x[0-9a-f]{40}$/.test(address) ? toChecksumAddress(address) : null;
}
