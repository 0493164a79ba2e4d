import { connectionReconciliationSchema, dashboardResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeAddress,
  fakeHash,
  fakeTimeStamp,
  internalTx,
  normalTx,
  tokenTransfer,
} from '../../integrations/etherscan/test/etherscan-records.ts';
import { counterparty } from '../../integrations/etherscan/test/etherscan-setup.ts';
import { ethWallet, gas, mainnet } from './evm-test-address.ts';
import { brief, type SyncWorld, syncWorld } from './sync-test-kit.ts';

// Transactions wait three blocks here, so the tests can see them pending first.
let w: SyncWorld;
beforeAll(async () => {
  w = await syncWorld({ env: { EVM_CONFIRMATIONS: '3' } });
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.etherscan.clear();
  w.etherscan.resetCounts();
});

const base = 8453;
const ether = 10n ** 18n;
// The issuer's own USDC contract on Ethereum: a known token, booked as usd-coin.
const usdc = {
  address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: '6',
};
const blockTime = (block: number) => new Date(Number(fakeTimeStamp(block)) * 1000);

async function connectEvm(name: string, chains: string[] = ['ethereum']) {
  const portfolio = await w.user.portfolio({ name });
  const connection = await w.connect({ kind: 'evm', address: ethWallet, chains }, w.user, portfolio.id);
  return { connection, portfolio };
}

async function reconciliation(connectionId: string) {
  const res = await w.user.client.get(`/api/v2/connections/${connectionId}/reconciliation/`);
  return connectionReconciliationSchema.parse(res.json()).coins;
}

/** What the portfolio's ledger holds of each coin (the dashboard's figures). */
async function holdings(portfolioId: string): Promise<Record<string, string>> {
  const res = await w.user.client.get(`/api/v2/dashboard/?portfolio_id=${portfolioId}&metrics=holdings`);
  const items = dashboardResponseSchema.parse(res.json()).holdings?.items ?? [];
  return Object.fromEntries(items.map((i) => [i.coin_id, i.quantity]));
}

describe('an EVM transaction short of the confirmations', () => {
  it('is pending until deep enough, then booked once; a failed one costs only its gas', async () => {
    w.etherscan.addRecords(mainnet, ethWallet, 'txlist', [
      normalTx({ name: 'c-in', block: 10, from: counterparty, to: ethWallet, value: String(ether) }),
      normalTx({ name: 'c-out', block: 20, from: ethWallet, to: counterparty, value: String(ether / 4n) }),
      {
        ...normalTx({
          name: 'c-fail',
          block: 20,
          index: 1,
          from: ethWallet,
          to: counterparty,
          value: String(ether / 2n),
        }),
        isError: '1',
        txreceipt_status: '0',
      },
    ]);
    w.etherscan.addRecords(mainnet, ethWallet, 'txlistinternal', [
      internalTx({
        name: 'c-refund',
        block: 21,
        traceId: '0_1',
        from: fakeAddress('router'),
        to: ethWallet,
        value: String(ether / 5n),
      }),
    ]);
    w.etherscan.addRecords(mainnet, ethWallet, 'tokentx', [
      tokenTransfer({
        name: 'c-usdc',
        block: 21,
        from: counterparty,
        to: ethWallet,
        value: '2500000',
        token: usdc,
      }),
    ]);
    w.etherscan.setBalance(mainnet, ethWallet, String(ether - ether / 4n - 2n * gas + ether / 5n));
    w.etherscan.setTokenBalance(mainnet, ethWallet, usdc.address, '2500000');
    // Block 10 is 12 deep; block 20 two, block 21 one.
    w.etherscan.setTip(mainnet, 21);
    const { connection, portfolio } = await connectEvm('Pending');
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).map((r) => r.sourceId)).toEqual([`ethereum:${fakeHash('c-in')}`]);

    const waiting = await reconciliation(connection.id);
    expect(waiting).toEqual([
      {
        coin_id: 'ethereum',
        chain: 'ethereum',
        ledger_quantity: '1',
        chain_quantity: '0.949496',
        difference: '-0.050504',
        explained_by: [
          {
            source_id: `ethereum:${fakeHash('c-out')}`,
            transaction_id: null,
            quantity: '-0.25',
            reason: 'pending',
          },
          {
            source_id: `ethereum:${fakeHash('c-out')}:fee`,
            transaction_id: null,
            quantity: '-0.000252',
            reason: 'pending',
          },
          // The failed transaction moved nothing: only its gas waits.
          {
            source_id: `ethereum:${fakeHash('c-fail')}:fee`,
            transaction_id: null,
            quantity: '-0.000252',
            reason: 'pending',
          },
          {
            source_id: `ethereum:${fakeHash('c-refund')}:internal:0_1`,
            transaction_id: null,
            quantity: '0.2',
            reason: 'pending',
          },
        ],
      },
      {
        coin_id: 'usd-coin',
        chain: 'ethereum',
        ledger_quantity: '0',
        chain_quantity: '2.5',
        difference: '2.5',
        explained_by: [
          {
            source_id: `ethereum:${fakeHash('c-usdc')}:n0`,
            transaction_id: null,
            quantity: '2.5',
            reason: 'pending',
          },
        ],
      },
    ]);

    // Two blocks later every one of them is three deep.
    w.etherscan.setTip(mainnet, 23);
    await w.sync(connection.id);
    const rows = (await w.rows(connection.id)).map(brief);
    expect(rows.map((r) => [r.sourceId, r.classification, r.quantity])).toEqual([
      [`ethereum:${fakeHash('c-in')}`, 'received', '1'],
      [`ethereum:${fakeHash('c-out')}`, 'sent', '0.25'],
      [`ethereum:${fakeHash('c-out')}:fee`, 'network_fee', '0.000252'],
      [`ethereum:${fakeHash('c-fail')}:fee`, 'network_fee', '0.000252'],
      [`ethereum:${fakeHash('c-refund')}:internal:0_1`, 'received', '0.2'],
      [`ethereum:${fakeHash('c-usdc')}:n0`, 'received', '2.5'],
    ]);
    expect(
      (await reconciliation(connection.id)).map((c) => [c.coin_id, c.difference, c.explained_by]),
    ).toEqual([
      ['ethereum', '0', []],
      ['usd-coin', '0', []],
    ]);
    expect(await holdings(portfolio.id)).toEqual({ ethereum: '0.949496', 'usd-coin': '2.5' });

    // Nothing new: nothing added, and the same requests as any sync of an unchanged address.
    w.etherscan.resetCounts();
    await w.sync(connection.id);
    expect((await w.rows(connection.id)).map(brief)).toEqual(rows);
    expect(w.etherscan.count()).toBe(5);
    expect(w.etherscan.count('eth_blockNumber')).toBe(0);
  });
});

describe('a reorganisation under an EVM connection', () => {
  it('removes the rows of a transaction that left the chain; the ledger and reconciliation agree after', async () => {
    w.etherscan.addRecords(mainnet, ethWallet, 'txlist', [
      normalTx({ name: 'd-a', block: 100, from: counterparty, to: ethWallet, value: String(ether) }),
      normalTx({ name: 'd-b', block: 101, from: counterparty, to: ethWallet, value: String(2n * ether) }),
      normalTx({ name: 'd-c', block: 102, from: ethWallet, to: counterparty, value: String(ether / 2n) }),
    ]);
    w.etherscan.addRecords(mainnet, ethWallet, 'tokentx', [
      tokenTransfer({
        name: 'd-b',
        block: 101,
        from: counterparty,
        to: ethWallet,
        value: '7000000',
        token: usdc,
      }),
    ]);
    w.etherscan.setBalance(mainnet, ethWallet, String(3n * ether - ether / 2n - gas));
    w.etherscan.setTokenBalance(mainnet, ethWallet, usdc.address, '7000000');
    // Base is read too: a reorganisation on Ethereum leaves its rows alone.
    w.etherscan.addRecords(base, ethWallet, 'txlist', [
      normalTx({ name: 'd-base', block: 500, from: counterparty, to: ethWallet, value: String(ether / 10n) }),
    ]);
    w.etherscan.setBalance(base, ethWallet, String(ether / 10n));
    w.etherscan.setTip(mainnet, 110);
    w.etherscan.setTip(base, 510);
    const { connection, portfolio } = await connectEvm('Dropped', ['ethereum', 'base']);
    await w.sync(connection.id);
    expect((await w.rows(connection.id)).map((r) => r.sourceId)).toEqual([
      `ethereum:${fakeHash('d-a')}`,
      `ethereum:${fakeHash('d-b')}`,
      `ethereum:${fakeHash('d-b')}:n0`,
      `ethereum:${fakeHash('d-c')}`,
      `ethereum:${fakeHash('d-c')}:fee`,
      `base:${fakeHash('d-base')}`,
    ]);

    // Block 101 is replaced by one without B: neither its ether nor its USDC ever arrived.
    w.etherscan.reorg(mainnet, { fromBlock: 101, remove: [fakeHash('d-b')] });
    w.etherscan.setBalance(mainnet, ethWallet, String(ether - ether / 2n - gas));
    w.etherscan.setTokenBalance(mainnet, ethWallet, usdc.address, '0');
    w.etherscan.setTip(mainnet, 111);
    // A page in a shape we do not understand, while the history is read again, changes no row.
    const booked = (await w.rows(connection.id)).map(brief);
    w.etherscan.fail({ type: 'wrong-shape' }, 10, 'tokentx');
    expect(await w.sync(connection.id)).toBe('failed');
    expect((await w.rows(connection.id)).map(brief)).toEqual(booked);
    w.etherscan.clearFaults();
    expect(await w.sync(connection.id)).toBe('synced');
    const rows = (await w.rows(connection.id)).map(brief);
    expect(rows.map((r) => r.sourceId)).toEqual([
      `ethereum:${fakeHash('d-a')}`,
      `ethereum:${fakeHash('d-c')}`,
      `ethereum:${fakeHash('d-c')}:fee`,
      `base:${fakeHash('d-base')}`,
    ]);
    expect(
      (await reconciliation(connection.id)).map((c) => [
        `${c.chain}:${c.coin_id}`,
        c.ledger_quantity,
        c.chain_quantity,
        c.explained_by,
      ]),
    ).toEqual([
      ['base:ethereum', '0.1', '0.1', []],
      ['ethereum:ethereum', '0.499748', '0.499748', []],
      ['ethereum:usd-coin', '0', '0', []],
    ]);
    expect(await holdings(portfolio.id)).toEqual({ ethereum: '0.599748' });

    // Again, with nothing changed: nothing added, and only the windows' reads and the balances.
    w.etherscan.resetCounts();
    await w.sync(connection.id);
    expect((await w.rows(connection.id)).map(brief)).toEqual(rows);
    expect(w.etherscan.count()).toBe(2 * 4 + 1);
  });

  it('gives the rows of a transaction that moved to another block their new time', async () => {
    w.etherscan.addRecords(mainnet, ethWallet, 'txlist', [
      normalTx({ name: 'm-a', block: 200, from: counterparty, to: ethWallet, value: String(ether) }),
      normalTx({ name: 'm-b', block: 201, from: ethWallet, to: counterparty, value: String(ether / 10n) }),
      {
        ...normalTx({ name: 'm-fail', block: 201, index: 1, from: ethWallet, to: counterparty, value: '1' }),
        isError: '1',
        txreceipt_status: '0',
      },
    ]);
    w.etherscan.addRecords(mainnet, ethWallet, 'tokentx', [
      tokenTransfer({
        name: 'm-usdc',
        block: 201,
        from: counterparty,
        to: ethWallet,
        value: '1500000',
        token: usdc,
      }),
    ]);
    w.etherscan.setBalance(mainnet, ethWallet, String(ether - ether / 10n - 2n * gas));
    w.etherscan.setTokenBalance(mainnet, ethWallet, usdc.address, '1500000');
    w.etherscan.setTip(mainnet, 210);
    const { connection } = await connectEvm('Moved');
    await w.sync(connection.id);
    const before = await w.rows(connection.id);
    expect(before).toHaveLength(5);

    // The block holding B, the failed one and the transfer is replaced; they land four blocks on.
    w.etherscan.reorg(mainnet, {
      fromBlock: 201,
      move: [
        { hash: fakeHash('m-b'), block: 205 },
        { hash: fakeHash('m-fail'), block: 205 },
        { hash: fakeHash('m-usdc'), block: 205 },
      ],
    });
    w.etherscan.setTip(mainnet, 211);
    expect(await w.sync(connection.id)).toBe('synced');
    const after = await w.rows(connection.id);
    // Rows of one instant come back in no set order: compared by source id.
    expect(Object.fromEntries(after.map((r) => [r.sourceId, r.executedAt.toISOString()]))).toEqual({
      [`ethereum:${fakeHash('m-a')}`]: blockTime(200).toISOString(),
      [`ethereum:${fakeHash('m-b')}`]: blockTime(205).toISOString(),
      [`ethereum:${fakeHash('m-b')}:fee`]: blockTime(205).toISOString(),
      [`ethereum:${fakeHash('m-fail')}:fee`]: blockTime(205).toISOString(),
      [`ethereum:${fakeHash('m-usdc')}:n0`]: blockTime(205).toISOString(),
    });
    // The same rows, moved: none dropped and booked again.
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(
      (await reconciliation(connection.id)).map((c) => [c.coin_id, c.difference, c.explained_by]),
    ).toEqual([
      ['ethereum', '0', []],
      ['usd-coin', '0', []],
    ]);

    // After all that, a sync of the unchanged chain adds nothing and reads only the window.
    w.etherscan.resetCounts();
    await w.sync(connection.id);
    const again = await w.rows(connection.id);
    expect(new Set(again.map((r) => `${r.id} ${r.executedAt.toISOString()}`))).toEqual(
      new Set(after.map((r) => `${r.id} ${r.executedAt.toISOString()}`)),
    );
    expect(w.etherscan.count()).toBe(5);
  });
});
