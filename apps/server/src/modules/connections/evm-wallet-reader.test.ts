import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExplorerError } from '../../integrations/chain-http/index.ts';
import { recordKey } from '../../integrations/etherscan/index.ts';
import {
  fakeAddress,
  fakeHash,
  fakeTimeStamp,
  internalTx,
  normalTx,
  tokenTransfer,
  usdc,
} from '../../integrations/etherscan/test/etherscan-records.ts';
import {
  counterparty,
  etherscanClient,
  ethWallet,
} from '../../integrations/etherscan/test/etherscan-setup.ts';
import { type FakeEtherscan, startFakeEtherscan } from '../../integrations/etherscan/test/fake-etherscan.ts';
import { type EvmCursor, readEvmWallet } from './evm-wallet-reader.ts';

const spam = {
  address: fakeAddress('spam'),
  name: 'Visit claim-now.example',
  symbol: 'CLAIM',
  decimals: '18',
};
// The app knows USDC on Base; nothing else.
const tokenCoinId = (chain: string, contract: string) =>
  chain === 'base' && contract.toLowerCase() === usdc.address.toLowerCase() ? 'usd-coin' : null;

let fake: FakeEtherscan;
beforeAll(async () => {
  fake = await startFakeEtherscan();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.clear();
  fake.resetCounts();
});

/** On Base (8453): 1 ETH in, a failed send that still cost gas, 0.2 ETH from a contract, USDC in, spam in. */
function seedBase(): void {
  fake.addRecords(8453, ethWallet, 'txlist', [
    normalTx({ name: 'in', block: 10, from: counterparty, to: ethWallet, value: '1000000000000000000' }),
    {
      ...normalTx({
        name: 'failed',
        block: 11,
        from: ethWallet,
        to: counterparty,
        value: '500000000000000000',
      }),
      isError: '1',
      txreceipt_status: '0',
    },
  ]);
  fake.addRecords(8453, ethWallet, 'txlistinternal', [
    internalTx({
      name: 'refund',
      block: 12,
      traceId: '0_1',
      from: fakeAddress('router'),
      to: ethWallet,
      value: '200000000000000000',
    }),
  ]);
  fake.addRecords(8453, ethWallet, 'tokentx', [
    tokenTransfer({ name: 'usdc-in', block: 13, from: counterparty, to: ethWallet, value: '2500000' }),
    tokenTransfer({
      name: 'spam-in',
      block: 14,
      from: fakeAddress('spammer'),
      to: ethWallet,
      value: '1000000000000000000000',
      token: spam,
    }),
  ]);
  fake.setBalance(8453, ethWallet, '1199748000000000000');
}

describe('reading an EVM address from Etherscan V2', () => {
  it('books native, internal and token movements exactly; a failed tx costs its gas; spam stays unrecognised', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const read = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      tokenCoinId,
    });
    const [base] = read.chains;
    if (!base) throw new Error('no chain read');
    const rows = base.movements.map((m) => [
      m.kind,
      m.asset.type === 'native' ? m.asset.coin_id : (m.asset.coin_id ?? `unrecognised ${m.asset.symbol}`),
      m.quantity,
      m.failed,
    ]);
    expect(rows).toEqual([
      ['receive', 'ethereum', '1', false],
      ['fee', 'ethereum', '0.000252', true],
      ['receive', 'ethereum', '0.2', false],
      ['receive', 'usd-coin', '2.5', false],
      ['receive', 'unrecognised CLAIM', '1000', false],
    ]);
    expect(base.skipped.map((s) => s.reason)).toEqual(['failed']);
    expect(base.nativeBalance).toBe('1.199748');
    expect(read.progress).toEqual({ addresses_scanned: 1, transactions_found: 5 });
  });

  it('a second read from the cursor hands out nothing again', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const first = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      tokenCoinId,
    });
    const again = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: first.cursor,
      tokenCoinId,
    });
    expect(again.chains[0]?.movements).toEqual([]);
    // A new transfer in the cursor's own block is read; what was read there before is not.
    fake.addRecords(8453, ethWallet, 'tokentx', [
      tokenTransfer({
        name: 'usdc-late',
        block: 14,
        index: 1,
        from: counterparty,
        to: ethWallet,
        value: '1000000',
      }),
    ]);
    const later = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: again.cursor,
      tokenCoinId,
    });
    expect(later.chains[0]?.movements.map((m) => m.quantity)).toEqual(['1']);
  });

  it('refuses the whole read when Etherscan says the key is invalid', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, apiKey: 'wrong-key' });
    const failure = readEvmWallet({ client, address: ethWallet, chains: ['base'], cursor: {} });
    await expect(failure).rejects.toBeInstanceOf(ExplorerError);
    await expect(failure).rejects.toMatchObject({ kind: 'rejected' });
  });
});

describe('an EVM read against reorganisations and confirmations', () => {
  it('opens a cursor an older version saved (last block and its keys) and reads on from it', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const lastOf = async <A extends 'txlist' | 'txlistinternal' | 'tokentx'>(action: A) => {
      const records = await client.list(action, { chainId: 8453, address: ethWallet });
      const last = Math.max(...records.map((r) => Number(r.blockNumber)));
      const seen = records.filter((r) => Number(r.blockNumber) === last).map((r) => recordKey(action, r));
      return { lastBlock: last, seen };
    };
    // What the earlier reader kept after reading the whole history: per list, its last block and
    // the keys read in it.
    const older: EvmCursor = {
      chains: {
        base: {
          txlist: await lastOf('txlist'),
          txlistinternal: await lastOf('txlistinternal'),
          tokentx: await lastOf('tokentx'),
        },
      },
    };
    const decoded = JSON.parse(JSON.stringify(older)) as EvmCursor;
    fake.resetCounts();
    const again = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: decoded,
      tokenCoinId,
    });
    expect(again.chains[0]?.movements).toEqual([]);
    expect(again.chains[0]?.confirmed).toBeUndefined();
    // The old last blocks are where the reads start: the window grows down from there.
    expect(
      fake.requests
        .filter((q) => q.get('module') === 'account' && q.get('action') !== 'balance')
        .map((q) => q.get('startblock')),
    ).toEqual(['11', '12', '14']);
    expect(again.cursor.chains?.base?.tokentx).toMatchObject({ lastBlock: 14, from: 14 });

    fake.addRecords(8453, ethWallet, 'tokentx', [
      tokenTransfer({ name: 'usdc-new', block: 30, from: counterparty, to: ethWallet, value: '3000000' }),
    ]);
    const later = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: again.cursor,
      tokenCoinId,
    });
    expect(later.chains[0]?.movements.map((m) => [m.outside_id, m.quantity])).toEqual([
      [`${fakeHash('usdc-new')}:n0`, '3'],
    ]);
    expect(later.cursor.chains?.base?.tokentx).toMatchObject({ lastBlock: 30, from: 14 });
  });

  it('holds records short of the confirmations and books them once deep enough', async () => {
    seedBase();
    fake.setTip(8453, 13);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const first = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      confirmations: 3,
      tokenCoinId,
    });
    const [base] = first.chains;
    // Blocks 10 and 11 are 4 and 3 deep; the refund (12) 2, the transfers (13, 14) 1 or none.
    expect(base?.movements.map((m) => m.block_height)).toEqual([10, 11]);
    expect(base?.held.map((m) => [m.block_height, m.quantity])).toEqual([
      [12, '0.2'],
      [13, '2.5'],
      [14, '1000'],
    ]);
    // The lists' own confirmations told the tip; the cursor stays below what is held.
    expect(fake.count('eth_blockNumber')).toBe(0);
    expect(first.cursor.chains?.base?.txlistinternal).toBeUndefined();
    expect(first.cursor.chains?.base?.tokentx).toBeUndefined();

    fake.setTip(8453, 16);
    const later = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: first.cursor,
      confirmations: 3,
      tokenCoinId,
    });
    expect(later.chains[0]?.movements.map((m) => m.block_height)).toEqual([12, 13, 14]);
    expect(later.chains[0]?.held).toEqual([]);
  });

  it('asks for the tip only when the internal list alone has something new', async () => {
    fake.addRecords(8453, ethWallet, 'txlistinternal', [
      internalTx({
        name: 'payout',
        block: 50,
        traceId: '0',
        from: fakeAddress('router'),
        to: ethWallet,
        value: '7',
      }),
    ]);
    fake.setTip(8453, 51);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const read = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      confirmations: 3,
    });
    expect(read.chains[0]?.held).toHaveLength(1);
    expect(fake.count('eth_blockNumber')).toBe(1);
  });

  it('starts a chain over when a booked record left its block, naming every confirmed transaction', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const first = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      tokenCoinId,
    });
    // The refund's block is replaced by one without it; the USDC transfer moves two blocks on.
    fake.reorg(8453, {
      fromBlock: 12,
      remove: [fakeHash('refund')],
      move: [{ hash: fakeHash('usdc-in'), block: 15 }],
    });
    fake.resetCounts();
    const after = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: first.cursor,
      tokenCoinId,
    });
    const [base] = after.chains;
    expect([...(base?.confirmed ?? new Map())]).toEqual([
      [fakeHash('in'), new Date(Number(fakeTimeStamp(10)) * 1000).toISOString()],
      [fakeHash('failed'), new Date(Number(fakeTimeStamp(11)) * 1000).toISOString()],
      [fakeHash('spam-in'), new Date(Number(fakeTimeStamp(14)) * 1000).toISOString()],
      [fakeHash('usdc-in'), new Date(Number(fakeTimeStamp(15)) * 1000).toISOString()],
    ]);
    // The window's lists up to the one that lost the refund, the whole history's three, the balance.
    expect(fake.count()).toBe(6);
    expect(base?.movements.map((m) => m.block_height)).toEqual([10, 11, 14, 15]);
  });

  it('sees a booked transaction that stayed at its height but in another block', async () => {
    seedBase();
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const first = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: {},
      tokenCoinId,
    });
    fake.reorg(8453, { fromBlock: 14 });
    const after = await readEvmWallet({
      client,
      address: ethWallet,
      chains: ['base'],
      cursor: first.cursor,
      tokenCoinId,
    });
    expect(after.chains[0]?.confirmed?.size).toBe(5);
  });
});
