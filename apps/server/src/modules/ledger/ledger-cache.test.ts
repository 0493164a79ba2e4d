import type { LedgerTransaction } from '@app/core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createLedgerCache } from './ledger-cache.ts';

const tx = (
  id: string,
  coin: string,
  type: LedgerTransaction['type'],
  quantity: string,
  price: string,
  day: number,
): LedgerTransaction => ({
  id,
  coin_id: coin,
  type,
  quantity,
  price_per_coin: price,
  fee: '0',
  executed_at: new Date(Date.UTC(2024, 0, day)).toISOString(),
  created_at: new Date(Date.UTC(2024, 0, day)).toISOString(),
});

/** A Db stand-in whose only query is the ledger-row select (one packed row per coin); counts how often it is asked. */
function fakeDb(rows: LedgerTransaction[]) {
  let loads = 0;
  const db = {
    select: () => ({
      from: () => ({
        where: () => ({
          groupBy: async () => {
            loads += 1;
            const byCoin = new Map<string, string[]>();
            for (const r of rows) {
              const us = (iso: string) => Date.parse(iso) * 1000;
              const line = [r.id, r.type, r.quantity, r.price_per_coin, r.fee, us(r.executed_at)];
              const list = byCoin.get(r.coin_id) ?? [];
              list.push([...line, us(r.created_at ?? r.executed_at)].join(','));
              byCoin.set(r.coin_id, list);
            }
            return [...byCoin].map(([coinId, list]) => ({ coinId, rows: list.join(';') }));
          },
        }),
      }),
    }),
  } as unknown as Db;
  return { db, loads: () => loads };
}

describe('ledger cache', () => {
  it('loads once per revision and applies committed writes without reloading', async () => {
    const { db, loads } = fakeDb([
      tx('a', 'bitcoin', 'buy', '1', '100', 1),
      tx('b', 'ethereum', 'buy', '2', '10', 2),
    ]);
    const cache = createLedgerCache();
    const book = await cache.book(db, { id: 'p', revision: 3, currency: 'usd' });
    expect(book.ledger('average').coins.map((c) => c.quantity)).toEqual(['1', '2']);
    await cache.book(db, { id: 'p', revision: 3, currency: 'usd' });
    expect(loads()).toBe(1);

    const ethBefore = book.ledger('fifo').coins[1];
    cache.apply('p', 3, 4, { add: [tx('c', 'bitcoin', 'sell', '0.5', '300', 3)], removeIds: [] });
    const next = await cache.book(db, { id: 'p', revision: 4, currency: 'usd' });
    expect(loads()).toBe(1);
    expect(next.ledger('average').coins[0]).toMatchObject({ quantity: '0.5', realized_pnl: '100' });
    // The untouched coin keeps its computed ledger.
    expect(next.ledger('fifo').coins[1]).toBe(ethBefore);

    cache.apply('p', 4, 5, { removeIds: ['c', 'b'] });
    const after = await cache.book(db, { id: 'p', revision: 5, currency: 'usd' });
    expect(after.ledger('average').coins.map((c) => c.coin_id)).toEqual(['bitcoin']);
    expect(after.transactions.map((t) => t.id)).toEqual(['a']);
  });

  it('drops the entry when a write comes from a revision it does not hold', async () => {
    const { db, loads } = fakeDb([tx('a', 'bitcoin', 'buy', '1', '100', 1)]);
    const cache = createLedgerCache();
    await cache.book(db, { id: 'p', revision: 1, currency: 'usd' });
    cache.apply('p', 2, 3, { add: [tx('z', 'bitcoin', 'buy', '1', '1', 2)] });
    await cache.book(db, { id: 'p', revision: 3, currency: 'usd' });
    expect(loads()).toBe(2);
  });
});
