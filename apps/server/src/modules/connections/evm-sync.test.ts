import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeHash } from '../../integrations/etherscan/test/etherscan-records.ts';
import { ethWallet, seedAddress } from './evm-test-address.ts';
import { brief, type SyncWorld, syncWorld } from './sync-test-kit.ts';

let w: SyncWorld;
beforeAll(async () => {
  w = await syncWorld();
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.etherscan.clear();
});

describe('syncing an EVM address', () => {
  it('books ETH, gas and a known token in its decimals; a failed transaction costs gas only; spam waits apart', async () => {
    seedAddress(w.etherscan);
    const connection = await w.connect({ kind: 'evm', address: ethWallet, chains: ['ethereum'] });
    expect(await w.sync(connection.id)).toBe('synced');

    expect((await w.rows(connection.id)).map(brief)).toEqual([
      {
        type: 'transfer_in',
        coin: 'ethereum',
        quantity: '1',
        price: null,
        classification: 'received',
        sourceId: `ethereum:${fakeHash('x-in')}`,
      },
      {
        type: 'transfer_out',
        coin: 'ethereum',
        quantity: '0.25',
        price: '0',
        classification: 'sent',
        sourceId: `ethereum:${fakeHash('x-out')}`,
      },
      {
        type: 'transfer_out',
        coin: 'ethereum',
        quantity: '0.000252',
        price: '0',
        classification: 'network_fee',
        sourceId: `ethereum:${fakeHash('x-out')}:fee`,
      },
      {
        type: 'transfer_out',
        coin: 'ethereum',
        quantity: '0.000252',
        price: '0',
        classification: 'network_fee',
        sourceId: `ethereum:${fakeHash('x-fail')}:fee`,
      },
      // 2500000 in USDC's 6 decimals.
      {
        type: 'transfer_in',
        coin: 'usd-coin',
        quantity: '2.5',
        price: null,
        classification: 'received',
        sourceId: `ethereum:${fakeHash('x-usdc')}:n0`,
      },
    ]);
    const tokens = await w.tokens(connection.id);
    expect(
      tokens.map((t) => [t.symbol, t.decimals, t.quantity.replace(/\.?0+$/, ''), t.coinId, t.hidden]),
    ).toEqual([
      ['GIFT', 18, '1000', null, false],
      ['JUNK', 9, '5', null, false],
    ]);

    const coins = (await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)).json()
      .coins;
    expect(coins).toEqual([
      {
        coin_id: 'ethereum',
        chain: 'ethereum',
        ledger_quantity: '0.749496',
        chain_quantity: '0.749496',
        difference: '0',
        explained_by: [],
      },
      {
        coin_id: 'usd-coin',
        chain: 'ethereum',
        ledger_quantity: '2.5',
        chain_quantity: '2.5',
        difference: '0',
        explained_by: [],
      },
    ]);

    // Again: nothing new, nothing doubled, the kept token transfers not kept twice.
    await w.sync(connection.id);
    expect(await w.rows(connection.id)).toHaveLength(5);
    expect((await w.tokens(connection.id)).map((t) => t.movements.length)).toEqual([1, 1]);
  });
});

describe('an EVM connection in a euro portfolio', () => {
  it('books the gas as a sale at the day’s US-dollar close converted at that day’s rate', async () => {
    seedAddress(w.etherscan);
    const day = new Date((1_438_269_988 + 11 * 12) * 1000);
    await w.setClose('ethereum', day, 2000);
    // Bitcoin's closes in both currencies give the day's rate: 36,000 / 40,000 = 0.9 euro a dollar.
    await w.setClose('bitcoin', day, 40_000);
    await w.setClose('bitcoin', day, 36_000, 'eur');
    // The closes in memory look for coins they lacked again after a minute.
    w.t.clock.advance(61_000);
    const portfolio = await w.user.portfolio({ name: 'Euro', currency: 'eur' });
    const connection = await w.connect(
      { kind: 'evm', address: ethWallet, chains: ['ethereum'] },
      w.user,
      portfolio.id,
    );
    await w.sync(connection.id);
    const fee = (await w.rows(connection.id)).find((r) => r.sourceId === `ethereum:${fakeHash('x-out')}:fee`);
    expect(fee && brief(fee)).toMatchObject({ type: 'sell', price: '1800', classification: 'network_fee' });
  });
});

describe('an EVM connection without an Etherscan key', () => {
  let bare: SyncWorld;
  beforeAll(async () => {
    bare = await syncWorld({ etherscanKey: false });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('fails in words, asks Etherscan nothing, and the route still answers 202', async () => {
    const connection = await bare.connect({ kind: 'evm', address: ethWallet, chains: ['ethereum'] });
    expect((await bare.user.client.post(`/api/v2/connections/${connection.id}/sync/`)).statusCode).toBe(202);
    await bare.t.connections.idle?.();
    const stored = await bare.connection(connection.id);
    expect(stored).toMatchObject({
      state: 'failed',
      errorMessage: 'Etherscan needs an API key: set ETHERSCAN_API_KEY.',
    });
    expect(bare.etherscan.count()).toBe(0);
    expect(await bare.rows(connection.id)).toEqual([]);
  });
});
