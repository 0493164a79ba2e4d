import { connectionSyncMessages, transactionSchema } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { buildTx, fakeTxid } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { createLedgerCache, findPortfolio, type TransactionRow } from '../ledger/index.ts';
import { blockTime, brief, plain, receive, type SyncWorld, shop, syncWorld } from './sync-test-kit.ts';

const address = receive(60);
const sats = (btc: number) => Math.round(btc * 100_000_000);

let w: SyncWorld;
let rows: TransactionRow[];
let elsewhere: { id: string };
let connectionId: string;

/** Payments in (c-1 … c-4, and one days later), then two payments out with change back. */
beforeAll(async () => {
  w = await syncWorld();
  const pay = (label: string, height: number, btc: number) =>
    w.esplora.addTxs(height, [buildTx({ label, outputs: [{ address, value: sats(btc) }] })]);
  pay('c-1', 100, 0.1);
  pay('c-2', 101, 0.2);
  pay('c-3', 102, 0.3);
  pay('c-4', 103, 0.05);
  w.esplora.addTxs(104, [
    buildTx({
      label: 'c-5',
      inputs: [{ address, value: sats(0.1) }],
      outputs: [
        { address: shop, value: sats(0.04) },
        { address, value: sats(0.0599) },
      ],
    }),
  ]);
  w.esplora.addTxs(105, [
    buildTx({
      label: 'c-6',
      inputs: [{ address, value: sats(0.2) }],
      outputs: [
        { address: shop, value: sats(0.07) },
        { address, value: sats(0.1299) },
      ],
    }),
  ]);
  pay('c-late', 600, 0.01);
  // One close, on the day of blocks 100–105; block 600 is days later and has none.
  await w.setClose('bitcoin', blockTime(100), 40_000);
  const connection = await w.connect({ kind: 'bitcoin', address });
  connectionId = connection.id;
  await w.sync(connection.id);
  rows = await w.rows(connection.id);
  elsewhere = await w.user.portfolio({ name: 'Exchange' });
});
afterAll(async () => {
  await w?.close();
});

const row = (label: string, part = '0') => {
  const found = rows.find((r) => r.sourceId === `${fakeTxid(label)}:${part}`);
  if (!found) throw new Error(`no row for ${label}:${part}`);
  return found;
};
const classify = (id: string, body: unknown) =>
  w.user.client.post(`/api/v2/transactions/${id}/classify/`, body);
const byId = async (id: string) =>
  (await w.t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const stored = async (id: string) => {
  const found = (await w.rows(connectionId)).find((r) => r.id === id);
  if (!found) throw new Error(`row ${id} is gone`);
  return found;
};

describe('classifying what a connection brought', () => {
  it('gives a received coin the cost its owner names', async () => {
    const res = await classify(row('c-1').id, { as: 'cost_given', price_per_coin: '25000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(transactionSchema.parse(res.json())).toMatchObject({
      type: 'transfer_in',
      quantity: '0.1',
      price_per_coin: '25000',
      classification: 'cost_given',
      source: { connection_id: connectionId, source_id: `${fakeTxid('c-1')}:0` },
    });
  });

  it('books a received coin as bought at that day’s close, and refuses a day without one', async () => {
    const res = await classify(row('c-2').id, { as: 'bought_at_close' });
    expect(res.json()).toMatchObject({
      type: 'transfer_in',
      price_per_coin: '40000',
      classification: 'bought_at_close',
    });
    const late = await classify(row('c-late').id, { as: 'bought_at_close' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details.fields.as).toEqual([connectionSyncMessages.noClose]);
    expect(brief(await stored(row('c-late').id))).toMatchObject({ price: null, classification: 'received' });
  });

  it('makes a received coin income, valued at the close', async () => {
    const res = await classify(row('c-3').id, { as: 'income', reward_kind: 'airdrop' });
    expect(res.json()).toMatchObject({
      type: 'reward',
      price_per_coin: '40000',
      reward_kind: 'airdrop',
      classification: 'income',
    });
  });

  it('makes a sent coin a sale at its price, or a spend at the close; the quantity stays the chain’s', async () => {
    const sale = await classify(row('c-5').id, { as: 'sale', price_per_coin: '41000' });
    expect(sale.json()).toMatchObject({
      type: 'sell',
      quantity: '0.04',
      price_per_coin: '41000',
      classification: 'sale',
    });
    const spend = await classify(row('c-6').id, { as: 'spend' });
    expect(spend.json()).toMatchObject({
      type: 'sell',
      quantity: '0.07',
      price_per_coin: '40000',
      classification: 'spend',
    });
    // And back: a sent coin matched to its arrival in another portfolio is a transfer again.
    const arrival = await w.user.ok(elsewhere.id, {
      type: 'transfer_in',
      quantity: '0.07',
      price_per_coin: '35000',
      date: blockTime(105).toISOString(),
    });
    const matched = await classify(row('c-6').id, { as: 'own_transfer', transaction_id: arrival.id });
    expect(matched.json()).toMatchObject({
      type: 'transfer_out',
      price_per_coin: '0',
      classification: 'own_transfer',
      matched_transaction_id: arrival.id,
    });
    expect((await byId(arrival.id))?.matchedTransactionId).toBe(row('c-6').id);
  });

  it('matches a received coin with the transfer out of another portfolio, both ways', async () => {
    await w.user.ok(elsewhere.id, {
      type: 'buy',
      quantity: '1',
      price_per_coin: '20000',
      date: '2023-11-01T00:00:00Z',
    });
    const departure = await w.user.ok(elsewhere.id, {
      type: 'transfer_out',
      quantity: '0.05',
      price_per_coin: '0',
      date: blockTime(103).toISOString(),
    });
    const wrongSize = await w.user.ok(elsewhere.id, {
      type: 'transfer_out',
      quantity: '0.06',
      price_per_coin: '0',
      date: blockTime(103).toISOString(),
    });
    const refused = await classify(row('c-4').id, { as: 'own_transfer', transaction_id: wrongSize.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields.transaction_id).toEqual([
      connectionSyncMessages.matchMismatch,
    ]);

    const res = await classify(row('c-4').id, { as: 'own_transfer', transaction_id: departure.id });
    expect(res.json()).toMatchObject({
      type: 'transfer_in',
      classification: 'own_transfer',
      matched_transaction_id: departure.id,
    });
    const other = await byId(departure.id);
    expect(other?.matchedTransactionId).toBe(row('c-4').id);
    // A row typed by hand says what it is by its type: it gains a match, not a classification.
    expect(other?.classification).toBeNull();

    // Re-matching elsewhere frees the first departure.
    const second = await w.user.ok(elsewhere.id, {
      type: 'transfer_out',
      quantity: '0.05',
      price_per_coin: '0',
      date: blockTime(103).toISOString(),
    });
    await classify(row('c-4').id, { as: 'own_transfer', transaction_id: second.id });
    const freed = await byId(departure.id);
    expect(freed?.matchedTransactionId).toBeNull();
  });

  it('refuses the wrong direction, a fee, and rows typed by hand', async () => {
    const wrong = await classify(row('c-late').id, { as: 'sale', price_per_coin: '1' });
    expect(wrong.json().error.details.fields.as).toEqual([connectionSyncMessages.wrongDirection.received]);
    const fee = await classify(row('c-5', 'fee').id, { as: 'spend' });
    expect(fee.json().error.details.fields.as).toEqual([connectionSyncMessages.networkFee]);
    const typed = await w.user.ok(w.portfolio.id, { type: 'buy', quantity: '1', price_per_coin: '1' });
    const byHand = await classify(typed.id, { as: 'cost_given', price_per_coin: '1' });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().error.details.fields.as).toEqual([connectionSyncMessages.notFromConnection]);
  });

  it('keeps every classification through later syncs', async () => {
    const before = (await w.rows(connectionId)).map(brief);
    w.esplora.addTxs(601, [buildTx({ label: 'c-new', outputs: [{ address, value: sats(0.5) }] })]);
    expect(await w.sync(connectionId)).toBe('synced');
    const after = (await w.rows(connectionId)).map(brief);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ sourceId: `${fakeTxid('c-new')}:0`, classification: 'received' });
    expect(before.find((r) => r.sourceId === `${fakeTxid('c-1')}:0`)).toMatchObject({
      classification: 'cost_given',
      price: '25000',
    });
    expect(plain((await stored(row('c-3').id)).quantity)).toBe('0.3');
  });

  it('changes what the ledger computes: the sale and the fees are proceeds at their prices', async () => {
    const portfolio = await findPortfolio(w.t.database.db, w.user.user.id, w.portfolio.id);
    if (!portfolio) throw new Error('no portfolio');
    const book = await createLedgerCache().book(w.t.database.db, portfolio);
    const bitcoin = book.ledger('fifo').coins.find((c) => c.coin_id === 'bitcoin');
    // 0.04 sold at 41,000 and two fees of 0.0001 each at the close of 40,000; the spend became an own transfer.
    expect(bitcoin?.proceeds).toBe('1648');
  });
});
