import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explorerFailure } from '../chain-http/test/explorer-failure.ts';
import { accountHistoryPages, readAccountHistory, recordKey } from './account-history.ts';
import {
  type EtherscanRecordJson,
  internalTx,
  manyTokenTransfers,
  normalTx,
} from './test/etherscan-records.ts';
import { counterparty, etherscanClient, ethWallet } from './test/etherscan-setup.ts';
import { type FakeEtherscan, startFakeEtherscan } from './test/fake-etherscan.ts';

let fake: FakeEtherscan;
beforeAll(async () => {
  fake = await startFakeEtherscan();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clear();
});

const chainId = 1;
/** What identifies a record for the comparison; confirmations change with the tip, so they are left out. */
const identity = (r: Pick<EtherscanRecordJson, 'hash' | 'blockNumber' | 'value'>) =>
  `${r.blockNumber}:${r.hash}:${r.value}`;

describe('reading a whole history', () => {
  it('reads 12,345 token transfers past the 10,000-record window, none lost or doubled', async () => {
    // Seven a block, so the 10,000th record falls in the middle of a block.
    const generated = manyTokenTransfers(ethWallet, 12_345, 1_000_000, 7);
    fake.addRecords(chainId, ethWallet, 'tokentx', generated);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    const history = await readAccountHistory(client, 'tokentx', { chainId, address: ethWallet });

    expect(history.records).toHaveLength(12_345);
    expect(history.records.map(identity)).toEqual(generated.map(identity));
    expect(history.lastBlock).toBe(1_000_000 + Math.floor(12_344 / 7));
    // Ten pages fill the first window; the second starts at the block the window ended in.
    const windowEnd = Number(generated[9_999]?.blockNumber);
    const starts = fake.requests.map((q) => [q.get('startblock'), q.get('page')]);
    expect(starts.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => ['0', String(i + 1)]));
    expect(starts[10]).toEqual([String(windowEnd), '1']);
    expect(fake.count('tokentx')).toBe(13);
    expect(fake.requests.every((q) => Number(q.get('page')) * Number(q.get('offset')) <= 10_000)).toBe(true);
  });

  it('moves the window again and again, telling internal transactions apart by trace id', async () => {
    fake.setResultWindow(100);
    const generated: EtherscanRecordJson[] = [];
    for (let i = 0; i < 350; i++) {
      // Three traces a transaction, one transaction a block: every window boundary cuts a block.
      const tx = Math.floor(i / 3);
      generated.push(
        internalTx({
          name: `call-${tx}`,
          block: 500 + tx,
          traceId: `0_${i % 3}`,
          from: counterparty,
          to: ethWallet,
          value: '1',
        }),
      );
    }
    fake.addRecords(chainId, ethWallet, 'txlistinternal', generated);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    const history = await readAccountHistory(
      client,
      'txlistinternal',
      { chainId, address: ethWallet },
      { pageSize: 25, resultWindow: 100 },
    );

    expect(history.records.map((r) => recordKey('txlistinternal', r))).toEqual(
      generated.map((r) => `${r.hash}:${(r as { traceId: string }).traceId}`),
    );
    expect(new Set(fake.requests.map((q) => q.get('startblock'))).size).toBeGreaterThan(3);
  });

  it('hands the history out page by page, oldest first', async () => {
    fake.addRecords(
      chainId,
      ethWallet,
      'txlist',
      Array.from({ length: 45 }, (_, i) =>
        normalTx({ name: `n-${i}`, block: 10 + i, from: counterparty, to: ethWallet, value: String(i) }),
      ),
    );
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const sizes: number[] = [];
    for await (const page of accountHistoryPages(
      client,
      'txlist',
      { chainId, address: ethWallet },
      { pageSize: 20 },
    ))
      sizes.push(page.records.length);
    expect(sizes).toEqual([20, 20, 5]);
  });

  it('re-syncs from the last block without handing out what it already has', async () => {
    const first = Array.from({ length: 6 }, (_, i) =>
      normalTx({
        name: `a-${i}`,
        block: 100 + Math.floor(i / 2),
        index: i % 2,
        from: counterparty,
        to: ethWallet,
        value: '1',
      }),
    );
    fake.addRecords(chainId, ethWallet, 'txlist', first);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const synced = await readAccountHistory(client, 'txlist', { chainId, address: ethWallet });
    expect(synced.lastBlock).toBe(102);

    // One more transaction lands in block 102, one in a later block.
    const later = [
      normalTx({ name: 'b-0', block: 102, index: 2, from: counterparty, to: ethWallet, value: '2' }),
      normalTx({ name: 'b-1', block: 110, from: counterparty, to: ethWallet, value: '3' }),
    ];
    fake.addRecords(chainId, ethWallet, 'txlist', later);
    const known = synced.records.filter((r) => r.blockNumber === '102').map((r) => recordKey('txlist', r));

    const again = await readAccountHistory(client, 'txlist', {
      chainId,
      address: ethWallet,
      startBlock: synced.lastBlock ?? 0,
      seenAtStart: known,
    });

    expect(again.records.map((r) => r.hash)).toEqual(later.map((r) => r.hash));
    expect(again.lastBlock).toBe(110);
  });

  it('reads an empty history in one request', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await readAccountHistory(client, 'tokentx', { chainId, address: ethWallet })).toEqual({
      records: [],
      lastBlock: null,
    });
    expect(fake.count()).toBe(1);
  });

  it('fails plainly when one block holds more than a whole window', async () => {
    fake.setResultWindow(10);
    fake.addRecords(
      chainId,
      ethWallet,
      'txlist',
      Array.from({ length: 12 }, (_, i) =>
        normalTx({
          name: `crowded-${i}`,
          block: 77,
          index: i,
          from: counterparty,
          to: ethWallet,
          value: '1',
        }),
      ),
    );
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    const error = await explorerFailure(
      readAccountHistory(
        client,
        'txlist',
        { chainId, address: ethWallet },
        { pageSize: 5, resultWindow: 10 },
      ),
    );

    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/Block 77 alone holds more than 10 records/);
  });
});
