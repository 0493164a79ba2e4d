import { describe, expect, it } from 'vitest';
import type { AddressChain } from './address-chains.ts';
import { parseExtendedPublicKey } from './bitcoin-keys.ts';
import { type GapScanProgress, scanGap } from './gap-scan.ts';

const derive = (chain: AddressChain, index: number) => `${chain}/${index}`;

/** A fake explorer: which addresses have history, and every address it was asked about, in order. */
function explorer(used: readonly string[]) {
  const history = new Set(used);
  const asked: string[] = [];
  const batches: number[] = [];
  return {
    asked,
    batches,
    lookup: async (address: string) => {
      asked.push(address);
      return { used: history.has(address) };
    },
    lookupBatch: async (addresses: readonly string[]) => {
      batches.push(addresses.length);
      asked.push(...addresses);
      return addresses.map((address) => ({ used: history.has(address) }));
    },
  };
}

const askedOn = (asked: readonly string[], chain: AddressChain) =>
  asked.filter((a) => a.startsWith(`${chain}/`));

describe('gap-limit scan', () => {
  it('finds an address used after 14 unused ones with the default gap of 20', async () => {
    const fake = explorer(['receive/14']);
    const result = await scanGap({ derive, lookup: fake.lookup });
    expect(result.used).toEqual([
      { chain: 'receive', index: 14, address: 'receive/14', use: { used: true } },
    ]);
    expect(result.highestUsed).toEqual({ receive: 14, change: null });
    // Lookups per chain = highest used index + 1 + gap, exactly.
    expect(askedOn(fake.asked, 'receive')).toHaveLength(14 + 1 + 20);
    expect(askedOn(fake.asked, 'change')).toHaveLength(20);
    expect(result.addressesScanned).toBe(55);
  });

  it('misses it with a gap of 10, and never asks past the gap', async () => {
    const fake = explorer(['receive/14']);
    const result = await scanGap({ derive, lookup: fake.lookup, gap: 10 });
    expect(result.used).toEqual([]);
    expect(result.highestUsed).toEqual({ receive: null, change: null });
    expect(askedOn(fake.asked, 'receive')).toEqual(Array.from({ length: 10 }, (_, i) => `receive/${i}`));
    expect(askedOn(fake.asked, 'change')).toHaveLength(10);
  });

  it('asks used + gap per chain when the used addresses run from 0', async () => {
    const used = ['receive/0', 'receive/1', 'receive/2', 'receive/3', 'receive/4', 'change/0', 'change/1'];
    const fake = explorer(used);
    const result = await scanGap({ derive, lookup: fake.lookup });
    expect(result.used.map((u) => u.address)).toEqual(used);
    expect(askedOn(fake.asked, 'receive')).toHaveLength(5 + 20);
    expect(askedOn(fake.asked, 'change')).toHaveLength(2 + 20);
  });

  it('resumes after the highest known used index, asking only the gap beyond it', async () => {
    const quiet = explorer(['receive/3', 'receive/14', 'change/2']);
    const again = await scanGap({ derive, lookup: quiet.lookup, start: { receive: 14, change: 2 } });
    expect(again.used).toEqual([]);
    expect(again.highestUsed).toEqual({ receive: 14, change: 2 });
    expect(quiet.asked[0]).toBe('receive/15');
    expect(askedOn(quiet.asked, 'receive')).toHaveLength(20);
    expect(askedOn(quiet.asked, 'change')).toEqual(Array.from({ length: 20 }, (_, i) => `change/${i + 3}`));

    const paidSince = explorer(['receive/14', 'receive/30']);
    const found = await scanGap({ derive, lookup: paidSince.lookup, start: { receive: 14 } });
    expect(found.used.map((u) => u.index)).toEqual([30]);
    expect(found.highestUsed.receive).toBe(30);
    expect(askedOn(paidSince.asked, 'receive')).toHaveLength(30 - 14 + 20);
  });

  it('asks exactly the same addresses in batches, each batch within what could still be unused', async () => {
    const used = ['receive/0', 'receive/7', 'receive/25', 'change/19'];
    const single = explorer(used);
    const batched = explorer(used);
    const one = await scanGap({ derive, lookup: single.lookup });
    const many = await scanGap({ derive, lookupBatch: batched.lookupBatch });
    expect(many).toEqual(one);
    expect(batched.asked).toEqual(single.asked);
    expect(Math.max(...batched.batches)).toBeLessThanOrEqual(20);

    const capped = explorer(used);
    await scanGap({ derive, lookupBatch: capped.lookupBatch, batchSize: 4 });
    expect(capped.asked).toEqual(single.asked);
    expect(Math.max(...capped.batches)).toBe(4);
  });

  it('reports progress after every lookup, ending at the total', async () => {
    const fake = explorer(['receive/2']);
    const progress: GapScanProgress[] = [];
    const result = await scanGap({
      derive,
      lookup: fake.lookup,
      gap: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(progress.map((p) => p.addresses_scanned)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress.at(-1)).toEqual({
      addresses_scanned: result.addressesScanned,
      chain: 'change',
      index: 2,
    });
    expect(progress[5]).toEqual({ addresses_scanned: 6, chain: 'receive', index: 5 });
  });

  it('carries what the lookup said about each used address', async () => {
    const result = await scanGap({
      derive,
      gap: 2,
      lookup: async (address) => ({
        used: address === 'change/1',
        transactions: address === 'change/1' ? 3 : 0,
      }),
    });
    expect(result.used).toEqual([
      { chain: 'change', index: 1, address: 'change/1', use: { used: true, transactions: 3 } },
    ]);
  });

  it('scans a real account key: BIP 84’s first receive and change addresses', async () => {
    const key = parseExtendedPublicKey(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    if (!key.ok) throw new Error(key.message);
    const fake = explorer([
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
    ]);
    const result = await scanGap({ derive: key.value.address, lookup: fake.lookup, gap: 5 });
    expect(result.used.map((u) => [u.chain, u.index])).toEqual([
      ['receive', 0],
      ['change', 0],
    ]);
    expect(result.addressesScanned).toBe(12);
  });

  it('refuses a gap or start that is not an index', async () => {
    const fake = explorer([]);
    await expect(scanGap({ derive, lookup: fake.lookup, gap: 0 })).rejects.toThrow(RangeError);
    await expect(scanGap({ derive, lookup: fake.lookup, start: { receive: -2 } })).rejects.toThrow(
      RangeError,
    );
    expect(fake.asked).toEqual([]);
  });

  it('fails when a batch answers for fewer addresses than it was asked', async () => {
    await expect(scanGap({ derive, lookupBatch: async () => [{ used: false }] })).rejects.toThrow(
      /answered 1/,
    );
  });
});
