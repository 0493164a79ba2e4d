import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTx, fakeTxid } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { receive, type SyncWorld, syncWorld } from './sync-test-kit.ts';

let w: SyncWorld;
beforeAll(async () => {
  w = await syncWorld();
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.esplora.clear();
  w.esplora.resetCounts();
});

describe('reconciling a Bitcoin connection with its chain', () => {
  it('shows unconfirmed and shallow payments as pending, and books them once deep enough', async () => {
    const deep = await syncWorld({ env: { BITCOIN_CONFIRMATIONS: '3' } });
    try {
      const address = receive(42);
      deep.esplora.addTxs(100, [buildTx({ label: 'p-a', outputs: [{ address, value: 1_000_000 }] })]);
      deep.esplora.addTxs(101, [buildTx({ label: 'p-b', outputs: [{ address, value: 2_000_000 }] })]);
      deep.esplora.addTxs(null, [buildTx({ label: 'p-c', outputs: [{ address, value: 4_000_000 }] })]);
      deep.esplora.setTip(102);
      const connection = await deep.connect({ kind: 'bitcoin', address });
      await deep.sync(connection.id);
      // Block 100 has 3 confirmations; block 101 has 2; the mempool one none.
      expect((await deep.rows(connection.id)).map((r) => r.sourceId)).toEqual([`${fakeTxid('p-a')}:0`]);
      const first = (
        await deep.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)
      ).json();
      expect(first.coins[0]).toMatchObject({
        ledger_quantity: '0.01',
        chain_quantity: '0.03',
        difference: '0.02',
      });
      expect(first.coins[0].explained_by).toEqual([
        { source_id: `${fakeTxid('p-b')}:0`, transaction_id: null, quantity: '0.02', reason: 'pending' },
        { source_id: `${fakeTxid('p-c')}:0`, transaction_id: null, quantity: '0.04', reason: 'pending' },
      ]);

      // Two blocks later both have confirmed deep enough.
      deep.esplora.reorg({ fromHeight: 200, move: [{ txid: fakeTxid('p-c'), height: 102 }] });
      deep.esplora.setTip(104);
      await deep.sync(connection.id);
      expect((await deep.rows(connection.id)).map((r) => r.sourceId)).toEqual([
        `${fakeTxid('p-a')}:0`,
        `${fakeTxid('p-b')}:0`,
        `${fakeTxid('p-c')}:0`,
      ]);
      const after = (
        await deep.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)
      ).json();
      expect(after.coins[0]).toMatchObject({ ledger_quantity: '0.07', difference: '0', explained_by: [] });
    } finally {
      await deep.close();
    }
  });

  it('says what a removed or edited row leaves unexplained', async () => {
    const address = receive(43);
    w.esplora.addTxs(100, [buildTx({ label: 'e-a', outputs: [{ address, value: 1_000_000 }] })]);
    w.esplora.addTxs(101, [buildTx({ label: 'e-b', outputs: [{ address, value: 2_000_000 }] })]);
    const connection = await w.connect({ kind: 'bitcoin', address });
    await w.sync(connection.id);
    const [a, b] = await w.rows(connection.id);
    expect(await w.user.client.send('DELETE', `/api/v2/transactions/${a?.id}/`)).toMatchObject({
      statusCode: 204,
    });
    await w.t.database.db.execute(sql`update transactions set quantity = '0.015' where id = ${b?.id ?? ''}`);
    const coin = (await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)).json()
      .coins[0];
    expect(coin).toMatchObject({ ledger_quantity: '0.015', chain_quantity: '0.03', difference: '0.015' });
    expect(coin.explained_by).toEqual([
      { source_id: `${fakeTxid('e-a')}:0`, transaction_id: null, quantity: '0.01', reason: 'removed' },
      { source_id: `${fakeTxid('e-b')}:0`, transaction_id: b?.id, quantity: '0.005', reason: 'changed' },
    ]);
  });
});
