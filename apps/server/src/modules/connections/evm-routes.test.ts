import { connectionSchema, connectionTokenListSchema } from '@app/contracts';
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

describe('an EVM connection’s routes', () => {
  it('lists unknown tokens; mapping one books its transfers, hiding one only hides it', async () => {
    seedAddress(w.etherscan);
    const connection = await w.connect(
      { kind: 'evm', address: ethWallet, chains: ['ethereum'] },
      w.user,
      (await w.user.portfolio({ name: 'Tokens' })).id,
    );
    await w.sync(connection.id);
    const list = connectionTokenListSchema.parse(
      (await w.user.client.get(`/api/v2/connections/${connection.id}/tokens/`)).json(),
    );
    expect(list.count).toBe(2);
    const gift = list.results.find((t) => t.symbol === 'GIFT');
    const junkToken = list.results.find((t) => t.symbol === 'JUNK');
    expect(gift).toMatchObject({ chain: 'ethereum', quantity: '1000', coin_id: null, hidden: false });

    const hidden = await w.user.client.send(
      'PATCH',
      `/api/v2/connections/${connection.id}/tokens/${junkToken?.id}/`,
      { hidden: true },
    );
    expect(hidden.json()).toMatchObject({ hidden: true, coin_id: null });
    expect(
      (await w.rows(connection.id)).filter((r) => r.coinId !== 'ethereum' && r.coinId !== 'usd-coin'),
    ).toEqual([]);

    const mapped = await w.user.client.send(
      'PATCH',
      `/api/v2/connections/${connection.id}/tokens/${gift?.id}/`,
      { coin_id: 'gift-coin' },
    );
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({ coin_id: 'gift-coin' });
    await w.t.connections.idle?.();
    const giftRows = (await w.rows(connection.id)).filter((r) => r.coinId === 'gift-coin').map(brief);
    expect(giftRows).toEqual([
      {
        type: 'transfer_in',
        coin: 'gift-coin',
        quantity: '1000',
        price: null,
        classification: 'received',
        sourceId: `ethereum:${fakeHash('x-gift')}:n0`,
      },
    ]);
    // The sync it asked for read the mapped token's balance: the books and the chain agree.
    const coins = (await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)).json()
      .coins;
    expect(coins.find((c: { coin_id: string }) => c.coin_id === 'gift-coin')).toMatchObject({
      difference: '0',
    });
    // Mapped is mapped: another coin is refused, the same one changes nothing.
    const again = await w.user.client.send(
      'PATCH',
      `/api/v2/connections/${connection.id}/tokens/${gift?.id}/`,
      { coin_id: 'other' },
    );
    expect(again.statusCode).toBe(400);
    expect((await w.rows(connection.id)).filter((r) => r.coinId === 'gift-coin')).toHaveLength(1);
  });

  it('starts a sync now (202), refuses a second while it runs (409), and records a hang as a failure, never a 5xx', async () => {
    seedAddress(w.etherscan);
    const connection = await w.connect(
      { kind: 'evm', address: ethWallet, chains: ['base'] },
      w.user,
      (await w.user.portfolio({ name: 'Base' })).id,
    );
    w.etherscan.fail({ type: 'hang' });
    const first = await w.user.client.post(`/api/v2/connections/${connection.id}/sync/`);
    expect(first.statusCode).toBe(202);
    expect(connectionSchema.parse(first.json()).id).toBe(connection.id);
    const second = await w.user.client.post(`/api/v2/connections/${connection.id}/sync/`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('syncing now'),
    });
    // The refusal reads the job queue; the connection says "syncing" once its job has started.
    await expect
      .poll(async () => (await w.user.client.get(`/api/v2/connections/${connection.id}/`)).json().state)
      .toBe('syncing');
    await w.t.connections.idle?.();
    const stored = await w.connection(connection.id);
    expect(stored.state).toBe('failed');
    expect(stored.errorMessage).toBe('Etherscan did not answer in 2 s.');
  });

  it('answers another user’s connection, token and row as missing', async () => {
    seedAddress(w.etherscan);
    const connection = await w.connect(
      { kind: 'evm', address: ethWallet, chains: ['ethereum'] },
      w.user,
      (await w.user.portfolio({ name: 'Mine' })).id,
    );
    await w.sync(connection.id);
    const [token] = await w.tokens(connection.id);
    const [row] = await w.rows(connection.id);
    const s = w.stranger.client;
    for (const res of [
      await s.post(`/api/v2/connections/${connection.id}/sync/`),
      await s.get(`/api/v2/connections/${connection.id}/reconciliation/`),
      await s.get(`/api/v2/connections/${connection.id}/tokens/`),
      await s.send('PATCH', `/api/v2/connections/${connection.id}/tokens/${token?.id}/`, { hidden: true }),
      await s.post(`/api/v2/transactions/${row?.id}/classify/`, { as: 'cost_given', price_per_coin: '1' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await w.tokens(connection.id))[0]?.hidden).toBe(false);
  });
});
