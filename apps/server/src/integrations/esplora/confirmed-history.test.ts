import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfirmedHistory } from './confirmed-history.ts';
import { esploraClient, mineReceipts, receipt, wallet } from './test/esplora-setup.ts';
import { type FakeEsplora, startFakeEsplora } from './test/fake-esplora.ts';

let fake: FakeEsplora;
beforeAll(async () => {
  fake = await startFakeEsplora();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clear();
  fake.resetCounts();
});

/** 60 confirmed receipts in blocks 100..159 and 2 waiting in the mempool. */
function sixtyAndTwo(): { confirmed: string[]; mempool: string[] } {
  const confirmed = mineReceipts(fake, 'old', 60, 100);
  const pending = [receipt('pending-a'), receipt('pending-b')];
  fake.addTxs(null, pending);
  return { confirmed, mempool: pending.map((t) => t.txid) };
}

describe('reading an address history', () => {
  it('pages 60 confirmed transactions newest first and leaves the mempool out', async () => {
    const { confirmed } = sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const history = await readConfirmedHistory(client, wallet);

    expect(history.txs.map((t) => t.txid)).toEqual([...confirmed].reverse());
    expect(history.txs.map((t) => (t.status.confirmed ? t.status.block_height : null))).toEqual(
      Array.from({ length: 60 }, (_, i) => 159 - i),
    );
    expect(history).toMatchObject({ pages: 3, cursor: 'none', done: true, oldestTxid: confirmed[0] });
    expect(history.next?.txid).toBe(confirmed[59]);
    expect(fake.count('/address/:address/txs/chain')).toBe(1);
    expect(fake.count('/address/:address/txs/chain/:last_seen_txid')).toBe(2);
  });

  it('lists mempool transactions first in /txs, then the newest 25 confirmed', async () => {
    const { confirmed, mempool } = sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const txs = await client.addressTxs(wallet);

    expect(txs).toHaveLength(27);
    expect(txs.slice(0, 2).map((t) => t.txid)).toEqual([...mempool].reverse());
    expect(txs.slice(0, 2).every((t) => !t.status.confirmed)).toBe(true);
    expect(txs.slice(2).map((t) => t.txid)).toEqual(confirmed.slice(35).reverse());
  });

  it('counts funded and spent outputs apart for the chain and the mempool', async () => {
    sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const stats = await client.addressStats(wallet);

    // Receipts mined by mineReceipts pay 1000 + i sat.
    expect(stats.chain_stats).toEqual({
      funded_txo_count: 60,
      funded_txo_sum: 60 * 1000 + (59 * 60) / 2,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 60,
    });
    expect(stats.mempool_stats).toMatchObject({ funded_txo_count: 2, tx_count: 2 });
  });
});

describe('re-syncing from a cursor', () => {
  it('fetches only the newest page when a few transactions are new', async () => {
    sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readConfirmedHistory(client, wallet);
    const added = mineReceipts(fake, 'new', 3, 160);
    fake.resetCounts();

    const again = await readConfirmedHistory(client, wallet, { stopAt: first.next ?? undefined });

    expect(again.txs.map((t) => t.txid)).toEqual([...added].reverse());
    expect(again).toMatchObject({ pages: 1, cursor: 'found', done: true });
    expect(again.next?.txid).toBe(added[2]);
    expect(fake.totalRequests()).toBe(1);
  });

  it('reads on into the next page when more than a page is new', async () => {
    sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readConfirmedHistory(client, wallet);
    mineReceipts(fake, 'new', 30, 160);
    fake.resetCounts();

    const again = await readConfirmedHistory(client, wallet, { stopAt: first.next ?? undefined });

    expect(again.txs).toHaveLength(30);
    expect(again).toMatchObject({ pages: 2, cursor: 'found' });
  });

  it('keeps the old cursor when nothing is new', async () => {
    sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readConfirmedHistory(client, wallet);

    const again = await readConfirmedHistory(client, wallet, { stopAt: first.next ?? undefined });

    expect(again).toMatchObject({ txs: [], pages: 1, cursor: 'found', next: first.next });
  });

  it('reads everything again when a reorganisation moved the cursor to another block', async () => {
    const { confirmed } = sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readConfirmedHistory(client, wallet);
    const newest = confirmed[59] ?? '';
    fake.reorg({ fromHeight: 159, move: [{ txid: newest, height: 160 }] });

    const again = await readConfirmedHistory(client, wallet, { stopAt: first.next ?? undefined });

    expect(again.cursor).toBe('moved');
    expect(again.txs).toHaveLength(60);
    expect(again.next?.txid).toBe(newest);
    expect(again.next?.blockHash).not.toBe(first.next?.blockHash);
  });

  it('reads everything again when a reorganisation dropped the cursor', async () => {
    const { confirmed } = sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readConfirmedHistory(client, wallet);
    fake.reorg({ fromHeight: 159, remove: [confirmed[59] ?? ''] });

    const again = await readConfirmedHistory(client, wallet, { stopAt: first.next ?? undefined });

    expect(again).toMatchObject({ cursor: 'missing', done: true });
    expect(again.txs.map((t) => t.txid)).toEqual(confirmed.slice(0, 59).reverse());
  });

  it('stops at maxPages and resumes after the oldest txid read', async () => {
    const { confirmed } = sixtyAndTwo();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const part = await readConfirmedHistory(client, wallet, { maxPages: 2 });
    expect(part).toMatchObject({ pages: 2, done: false });
    expect(part.txs).toHaveLength(50);

    const rest = await readConfirmedHistory(client, wallet, { resumeAfter: part.oldestTxid ?? undefined });
    expect(rest).toMatchObject({ pages: 1, done: true, next: null });
    expect([...part.txs, ...rest.txs].map((t) => t.txid)).toEqual([...confirmed].reverse());
  });
});
