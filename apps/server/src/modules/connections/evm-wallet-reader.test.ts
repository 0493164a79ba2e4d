import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExplorerError } from '../../integrations/chain-http/index.ts';
import {
  fakeAddress,
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
import { readEvmWallet } from './evm-wallet-reader.ts';

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
