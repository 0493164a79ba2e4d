import { connectionReconciliationSchema, explainResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTx, fakeTxid } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import {
  blockTime,
  brief,
  change,
  friend,
  receive,
  type SyncWorld,
  shop,
  syncWorld,
  zpub,
} from './sync-test-kit.ts';

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

/**
 * A wallet's life: paid at receive 0 and, after 14 addresses handed out but never paid, at
 * receive 15; it pays a shop with change back to change 0, and two days later moves everything
 * to receive 16 (between its own addresses: only the fee leaves).
 */
function seedWallet(): void {
  w.esplora.addTxs(100, [
    buildTx({ label: 'w-pay-0', outputs: [{ address: receive(0), value: 50_000_000 }] }),
  ]);
  w.esplora.addTxs(101, [
    buildTx({ label: 'w-pay-15', outputs: [{ address: receive(15), value: 20_000_000 }] }),
  ]);
  w.esplora.addTxs(102, [
    buildTx({
      label: 'w-spend',
      inputs: [{ address: receive(0), value: 50_000_000 }],
      outputs: [
        { address: shop, value: 10_000_000 },
        { address: change(0), value: 39_990_000 },
      ],
    }),
  ]);
  w.esplora.addTxs(400, [
    buildTx({
      label: 'w-consolidate',
      inputs: [
        { address: receive(15), value: 20_000_000 },
        { address: change(0), value: 39_990_000 },
      ],
      outputs: [{ address: receive(16), value: 59_970_000 }],
    }),
  ]);
}

describe('syncing a Bitcoin wallet from its zpub', () => {
  it('finds an address after 14 unused ones, books transfers and fees, change and own moves only as fees', async () => {
    seedWallet();
    // The spend's day has a close; the consolidation's, two days later, has none.
    await w.setClose('bitcoin', blockTime(102), 36_000);
    const connection = await w.connect({ kind: 'bitcoin', xpub: zpub, gap_limit: 20 });
    expect(await w.sync(connection.id)).toBe('synced');

    const rows = (await w.rows(connection.id)).map(brief);
    expect(rows).toEqual([
      {
        type: 'transfer_in',
        coin: 'bitcoin',
        quantity: '0.5',
        price: null,
        classification: 'received',
        sourceId: `${fakeTxid('w-pay-0')}:0`,
      },
      {
        type: 'transfer_in',
        coin: 'bitcoin',
        quantity: '0.2',
        price: null,
        classification: 'received',
        sourceId: `${fakeTxid('w-pay-15')}:0`,
      },
      // Paid to the shop; the change to change 0 books nothing.
      {
        type: 'transfer_out',
        coin: 'bitcoin',
        quantity: '0.1',
        price: '0',
        classification: 'sent',
        sourceId: `${fakeTxid('w-spend')}:0`,
      },
      // The network fee is a disposal: a sale at that day's close.
      {
        type: 'sell',
        coin: 'bitcoin',
        quantity: '0.0001',
        price: '36000',
        classification: 'network_fee',
        sourceId: `${fakeTxid('w-spend')}:fee`,
      },
      // Between its own addresses only the fee leaves; no close that day, so it left at no known value.
      {
        type: 'transfer_out',
        coin: 'bitcoin',
        quantity: '0.0002',
        price: '0',
        classification: 'network_fee',
        sourceId: `${fakeTxid('w-consolidate')}:fee`,
      },
    ]);

    const stored = await w.connection(connection.id);
    expect(stored).toMatchObject({ state: 'up_to_date', failures: 0, errorMessage: null });
    expect(stored.progress).toEqual({ addresses_scanned: 17 + 20 + 1 + 20, transactions_found: 4 });
    expect(stored.chainBalances).toEqual({ 'bitcoin:bitcoin': '0.59970000' });
    expect(stored.lastSyncedAt?.getTime()).toBe(w.t.clock().getTime());
    expect(stored.nextSyncAt?.getTime()).toBe(w.t.clock().getTime() + 6 * 3_600_000);
    // The cursor is sealed: no txid or address of the wallet in the clear.
    const sealed = Buffer.from(stored.sealedCursor ?? new Uint8Array()).toString('latin1');
    expect(sealed).not.toContain(fakeTxid('w-spend'));
    expect(sealed).not.toContain(receive(0));

    const res = await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`);
    expect(res.statusCode).toBe(200);
    const reconciliation = connectionReconciliationSchema.parse(res.json());
    expect(reconciliation.coins).toEqual([
      {
        coin_id: 'bitcoin',
        chain: 'bitcoin',
        ledger_quantity: '0.5997',
        chain_quantity: '0.5997',
        difference: '0',
        explained_by: [],
      },
    ]);

    // "Explain this number" names each connection row's source beside its lot.
    const explained = await w.user.client.get(
      `/api/v2/dashboard/explain/?portfolio_id=${connection.portfolio_id}&coin_id=bitcoin`,
    );
    expect(explained.statusCode).toBe(200);
    const sources = explainResponseSchema.parse(explained.json()).portfolios[0]?.sources ?? [];
    expect(sources.map((s) => s.source_id)).toEqual(rows.map((r) => r.sourceId));
    expect(new Set(sources.map((s) => s.connection_id))).toEqual(new Set([connection.id]));

    // A second sync of the same history adds nothing, and asks only the addresses and the gap.
    w.esplora.resetCounts();
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).map(brief)).toEqual(rows);
    expect(w.esplora.count('/address/:address/txs/chain/:last_seen_txid')).toBe(0);

    // Once the consolidation's day has a close, the next sync prices that fee as the sale it was,
    // and the sync after it changes nothing more.
    await w.setClose('bitcoin', blockTime(400), 41_000);
    // Stored closes are re-read at most once a minute.
    w.t.clock.advance(61_000);
    expect(await w.sync(connection.id)).toBe('synced');
    const priced = rows.map((r) =>
      r.sourceId === `${fakeTxid('w-consolidate')}:fee` ? { ...r, type: 'sell', price: '41000' } : r,
    );
    expect((await w.rows(connection.id)).map(brief)).toEqual(priced);
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).map(brief)).toEqual(priced);
  });

  it('books what is new since the cursor, and a reorganisation drops and rebooks', async () => {
    const address = receive(40);
    w.esplora.addTxs(100, [buildTx({ label: 'r-a', outputs: [{ address, value: 1_000_000 }] })]);
    w.esplora.addTxs(101, [buildTx({ label: 'r-b', outputs: [{ address, value: 2_000_000 }] })]);
    const connection = await w.connect({ kind: 'bitcoin', address });
    await w.sync(connection.id);
    expect((await w.rows(connection.id)).map((r) => r.sourceId)).toEqual([
      `${fakeTxid('r-a')}:0`,
      `${fakeTxid('r-b')}:0`,
    ]);

    // The blocks from 100 up are replaced: B never happened, A lands two blocks later, C is new.
    w.esplora.reorg({
      fromHeight: 100,
      remove: [fakeTxid('r-b')],
      move: [{ txid: fakeTxid('r-a'), height: 102 }],
    });
    w.esplora.addTxs(103, [
      buildTx({
        label: 'r-c',
        inputs: [{ address: friend, value: 3_001_000 }],
        outputs: [{ address, value: 3_000_000 }],
      }),
    ]);
    expect(await w.sync(connection.id)).toBe('synced');
    const rows = await w.rows(connection.id);
    expect(rows.map((r) => [r.sourceId, r.executedAt.toISOString()])).toEqual([
      [`${fakeTxid('r-a')}:0`, blockTime(102).toISOString()],
      [`${fakeTxid('r-c')}:0`, blockTime(103).toISOString()],
    ]);
    const reconciliation = (
      await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)
    ).json();
    expect(reconciliation.coins[0]).toMatchObject({
      ledger_quantity: '0.04',
      chain_quantity: '0.04',
      difference: '0',
    });
  });
});
