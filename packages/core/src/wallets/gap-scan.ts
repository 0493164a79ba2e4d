import { gapLimitBounds } from '@app/contracts';
import { type AddressChain, addressChains, maxAddressIndex } from './address-chains.ts';

/** What a lookup says of one address; it may carry more (a transaction count, the txids). */
export interface AddressUse {
  used: boolean;
}

export interface UsedAddress<T extends AddressUse> {
  chain: AddressChain;
  index: number;
  address: string;
  use: T;
}

export interface GapScanProgress {
  /** Addresses looked up so far in this scan, over both chains. */
  addresses_scanned: number;
  chain: AddressChain;
  /** The highest index of `chain` looked up so far. */
  index: number;
}

interface GapScanCommon {
  /** The address at `index` of `chain` (an account key's `address`). */
  derive: (chain: AddressChain, index: number) => string;
  /** Unused addresses in a row that end a chain; 20 unless the connection says otherwise. */
  gap?: number;
  /**
   * The highest used index each chain is known to have (null or absent: none known). A re-sync
   * passes what the last scan found, so it only asks the gap beyond it.
   */
  start?: Partial<Record<AddressChain, number | null>>;
  onProgress?: (progress: GapScanProgress) => void;
}

/** One address per call, in order. */
export interface SingleLookup<T extends AddressUse> {
  lookup: (address: string) => Promise<T>;
}

/**
 * Several addresses per call (an explorer that answers many at once). A batch never reaches past
 * the point where the chain could end, so it asks exactly what single lookups would.
 */
export interface BatchLookup<T extends AddressUse> {
  lookupBatch: (addresses: readonly string[]) => Promise<readonly T[]>;
  /** At most this many per call (the gap when absent). */
  batchSize?: number;
}

export type GapScanOptions<T extends AddressUse> = GapScanCommon & (SingleLookup<T> | BatchLookup<T>);

export interface GapScanResult<T extends AddressUse> {
  /** Every used address this scan found, receive chain first, each chain by index. */
  used: UsedAddress<T>[];
  /** The highest used index of each chain after this scan (the start when nothing new was found). */
  highestUsed: Record<AddressChain, number | null>;
  addressesScanned: number;
}

/**
 * BIP 44's account discovery for both chains of an account: addresses are looked up in order
 * from just after the highest known used one, and a chain ends after `gap` unused addresses in a
 * row. No address past that point is ever asked about, so the lookups per chain are exactly
 * (highest used index + 1 − where it started) + gap. A payment beyond the gap is not found; that
 * is the rule every wallet follows, and a larger gap is the remedy.
 */
export async function scanGap<T extends AddressUse>(options: GapScanOptions<T>): Promise<GapScanResult<T>> {
  const gap = options.gap ?? gapLimitBounds.default;
  if (!Number.isInteger(gap) || gap < 1)
    throw new RangeError(`gap must be a whole number of at least 1, got ${gap}`);
  const lookupMany = batchOf(options);
  const maxBatch = 'lookupBatch' in options ? (options.batchSize ?? gap) : 1;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) {
    throw new RangeError(`batchSize must be a whole number of at least 1, got ${maxBatch}`);
  }

  const used: UsedAddress<T>[] = [];
  const highestUsed: Record<AddressChain, number | null> = { receive: null, change: null };
  let addressesScanned = 0;

  for (const chain of addressChains) {
    const known = options.start?.[chain] ?? null;
    if (known !== null && (!Number.isInteger(known) || known < 0 || known > maxAddressIndex)) {
      throw new RangeError(`start.${chain} must be an address index, got ${known}`);
    }
    highestUsed[chain] = known;
    let next = known === null ? 0 : known + 1;
    let unusedInRow = 0;
    while (unusedInRow < gap && next <= maxAddressIndex) {
      // Only as many as could all be unused before the chain ends: none of them is past the end.
      const count = Math.min(maxBatch, gap - unusedInRow, maxAddressIndex - next + 1);
      const indexes = Array.from({ length: count }, (_, i) => next + i);
      const addresses = indexes.map((index) => options.derive(chain, index));
      const answers = await lookupMany(addresses);
      if (answers.length !== addresses.length) {
        throw new Error(`the lookup answered ${answers.length} addresses of ${addresses.length}`);
      }
      answers.forEach((use, i) => {
        const index = indexes[i] ?? next;
        if (use.used) {
          used.push({ chain, index, address: addresses[i] ?? '', use });
          highestUsed[chain] = index;
          unusedInRow = 0;
        } else {
          unusedInRow += 1;
        }
      });
      next += count;
      addressesScanned += count;
      options.onProgress?.({ addresses_scanned: addressesScanned, chain, index: next - 1 });
    }
  }
  return { used, highestUsed, addressesScanned };
}

function batchOf<T extends AddressUse>(
  options: SingleLookup<T> | BatchLookup<T>,
): (addresses: readonly string[]) => Promise<readonly T[]> {
  if ('lookupBatch' in options) return (addresses) => options.lookupBatch(addresses);
  return async (addresses) => {
    const answers: T[] = [];
    for (const address of addresses) answers.push(await options.lookup(address));
    return answers;
  };
}
