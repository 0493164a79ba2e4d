import { connectionSchema, connectionSyncMessages, transactionListResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTx, fakeTxid } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { receive, type SyncWorld, shop, syncWorld, zpub } from './sync-test-kit.ts';

let w: SyncWorld;
beforeAll(async () => {
  // As the server runs: a new connection's first sync is asked for when it is stored.
  w = await syncWorld({ syncOnCreate: true });
});
afterAll(async () => {
  await w?.close();
});

describe("a connection's own rows", () => {
  it('syncs a new connection at once, then lists what waits for its owner, newest first', async () => {
    w.esplora.addTxs(100, [
      buildTx({ label: 'ct-in-0', outputs: [{ address: receive(0), value: 30_000_000 }] }),
    ]);
    w.esplora.addTxs(101, [
      buildTx({ label: 'ct-in-1', outputs: [{ address: receive(1), value: 10_000_000 }] }),
    ]);
    w.esplora.addTxs(102, [
      buildTx({
        label: 'ct-out',
        inputs: [{ address: receive(0), value: 30_000_000 }],
        outputs: [
          { address: shop, value: 5_000_000 },
          { address: receive(2), value: 24_990_000 },
        ],
      }),
    ]);
    const created = await w.connect({ kind: 'bitcoin', xpub: zpub });
    await w.t.connections.idle?.();
    const res = await w.user.client.get(`/api/v2/connections/${created.id}/`);
    expect(connectionSchema.parse(res.json()).state).toBe('up_to_date');

    const waiting = await w.user.client.get(`/api/v2/connections/${created.id}/transactions/?waiting=true`);
    expect(waiting.statusCode).toBe(200);
    const page = transactionListResponseSchema.parse(waiting.json());
    expect(page.results.map((t) => [t.source?.source_id, t.classification, t.price_per_coin])).toEqual([
      [`${fakeTxid('ct-out')}:0`, 'sent', '0'],
      [`${fakeTxid('ct-in-1')}:0`, 'received', null],
      [`${fakeTxid('ct-in-0')}:0`, 'received', null],
    ]);
    expect(page.count).toBe(3);

    // Every row, the fee too, pages like the transaction list.
    const all = transactionListResponseSchema.parse(
      (await w.user.client.get(`/api/v2/connections/${created.id}/transactions/?page_size=2`)).json(),
    );
    expect(all.count).toBe(4);
    expect(all.results).toHaveLength(2);
    expect(all.next).toBe(`/api/v2/connections/${created.id}/transactions/?page=2&page_size=2`);
    expect(all.previous).toBeNull();

    // Another user's connection is a 404 like a missing one.
    const theirs = await w.stranger.client.get(`/api/v2/connections/${created.id}/transactions/`);
    expect(theirs.statusCode).toBe(404);

    // A row the chain brought keeps the chain's quantity and date; a note is the owner's.
    const row = page.results[2];
    if (!row) throw new Error('no received row');
    const body = {
      portfolio_id: row.portfolio_id,
      coin_id: row.coin_id,
      type: row.type,
      quantity: row.quantity,
      price_per_coin: row.price_per_coin,
      fee: row.fee,
      date: row.executed_at,
      note: '',
    };
    const edited = await w.user.client.send('PUT', `/api/v2/transactions/${row.id}/`, {
      ...body,
      quantity: '0.5',
      date: '2026-01-01T00:00:00Z',
    });
    expect(edited.statusCode).toBe(400);
    expect(Object.keys(edited.json().error.details.fields).sort()).toEqual(['date', 'quantity']);
    expect(edited.json().error.details.fields.quantity).toEqual([connectionSyncMessages.chainFields]);
    const noted = await w.user.client.send('PUT', `/api/v2/transactions/${row.id}/`, {
      ...body,
      note: 'From the miner',
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toMatchObject({ note: 'From the miner', quantity: '0.3', price_per_coin: null });
  });
});
