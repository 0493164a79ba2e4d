import type { CostBasisMethod } from '@app/contracts';
import { computeLedger, dailyHoldingsByCoin, type LedgerTotals } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerCache, findPortfolio, type LedgerCache } from '../ledger/index.ts';
import { createPortfolioFigures } from './portfolio-figures.ts';
import { decodeTotals, encodeTotals, snapshotFormat } from './snapshot-codec.ts';
import { readSnapshot, writeSnapshot } from './snapshots.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A ledger cache that counts how often a book is asked for (each ask may read every transaction). */
function countingLedgers(): { ledgers: LedgerCache; books: () => number } {
  const inner = createLedgerCache();
  let books = 0;
  return {
    ledgers: {
      ...inner,
      book(db, portfolio) {
        books++;
        return inner.book(db, portfolio);
      },
    },
    books: () => books,
  };
}

async function setup() {
  const u = await portfolioUser(t.client());
  const p = await u.portfolio();
  await u.ok(p.id, { quantity: '2', price_per_coin: '100', fee: '1', date: '2024-01-01T00:00:00Z' });
  await u.ok(p.id, {
    coin_id: 'ethereum',
    quantity: '10',
    price_per_coin: '5',
    date: '2024-01-02T00:00:00Z',
  });
  await u.ok(p.id, { quantity: '1', price_per_coin: '250', date: '2024-01-15T00:00:00Z' });
  await u.ok(p.id, { type: 'sell', quantity: '0.5', price_per_coin: '300', date: '2024-02-01T00:00:00Z' });
  const row = async () => {
    const found = await findPortfolio(t.database.db, u.user.id, p.id);
    if (!found) throw new Error('portfolio missing');
    return found;
  };
  return { u, p, row };
}

/** The ledger from scratch, straight from the stored transactions. */
async function expectedTotals(
  portfolio: { id: string; revision: number; currency: string },
  method: CostBasisMethod,
) {
  const book = await createLedgerCache().book(t.database.db, portfolio);
  return computeLedger(book.transactions, { method, explain: false }).coins.map(
    (c): LedgerTotals => ({
      coin_id: c.coin_id,
      quantity: c.quantity,
      cost_basis: c.cost_basis,
      average_cost: c.average_cost,
      unknown_cost_quantity: c.unknown_cost_quantity,
      lots_without_cost: c.lots_without_cost,
      disposals_with_unknown_cost: c.disposals_with_unknown_cost,
      realized_pnl: c.realized_pnl,
      cost_of_units_sold: c.cost_of_units_sold,
      proceeds: c.proceeds,
      cost_transferred_out: c.cost_transferred_out,
    }),
  );
}

describe('portfolio figures (memory, stored snapshot, ledger)', () => {
  it('stores what it computed, so a fresh process answers without reading the transactions', async () => {
    const { row } = await setup();
    const portfolio = await row();
    const first = countingLedgers();
    const a = createPortfolioFigures({ db: t.database.db, ledgers: first.ledgers });
    const totals = await a.totals(portfolio, 'average');
    expect(totals).toEqual(await expectedTotals(portfolio, 'average'));
    const holdings = await a.holdings(portfolio);
    expect(first.books()).toBeGreaterThan(0);
    await a.settle();
    const stored = await readSnapshot(t.database.db, portfolio.id, 'ledger:average');
    expect(stored).toMatchObject({ revision: portfolio.revision, format: snapshotFormat });

    const fresh = countingLedgers();
    const b = createPortfolioFigures({ db: t.database.db, ledgers: fresh.ledgers });
    expect(await b.totals(portfolio, 'average')).toEqual(totals);
    const again = await b.holdings(portfolio);
    expect([...again.keys()].sort()).toEqual(['bitcoin', 'ethereum']);
    expect([...(again.get('bitcoin')?.quantities ?? [])]).toEqual([
      ...(holdings.get('bitcoin')?.quantities ?? []),
    ]);
    expect(fresh.books()).toBe(0);
  });

  it('a new transaction moves the revision: totals and holdings follow it', async () => {
    const { u, p, row } = await setup();
    const figures = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    const before = await row();
    await figures.totals(before, 'average');
    await figures.holdings(before);
    await figures.settle();

    await u.ok(p.id, {
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '4',
      price_per_coin: '9',
      date: '2024-04-01T00:00:00Z',
    });
    const after = await row();
    expect(after.revision).toBeGreaterThan(before.revision);
    // A fresh store: it finds the snapshot of the previous revision and must not trust it.
    const fresh = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    const totals = await fresh.totals(after, 'average');
    expect(totals).toEqual(await expectedTotals(after, 'average'));
    expect(totals.find((c) => c.coin_id === 'ethereum')?.quantity).toBe('6');
    const holdings = await fresh.holdings(after);
    const book = await createLedgerCache().book(t.database.db, after);
    expect(holdings.get('ethereum')).toEqual(dailyHoldingsByCoin(book.transactions).get('ethereum'));
    expect(holdings.get('ethereum')?.quantities.at(-1)).toBe(6);
    await fresh.settle();
    expect((await readSnapshot(t.database.db, p.id, 'holdings'))?.revision).toBe(after.revision);
  });

  it('recomputes only the coins a write touched, reusing the others from the earlier snapshot', async () => {
    const { u, p, row } = await setup();
    const before = await row();
    const figures = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    await figures.totals(before, 'average');
    await figures.settle();
    // Mark the stored ethereum figures, keeping their fingerprint: if they are reused, the mark shows.
    const stored = await readSnapshot(t.database.db, p.id, 'ledger:average');
    if (!stored) throw new Error('no snapshot');
    const marked = decodeTotals(stored.payload).map((c) =>
      c.value.coin_id === 'ethereum' ? { ...c, value: { ...c.value, proceeds: '12345' } } : c,
    );
    await writeSnapshot(t.database.db, p.id, 'ledger:average', { ...stored, payload: encodeTotals(marked) });

    await u.ok(p.id, { quantity: '3', price_per_coin: '120', date: '2024-05-01T00:00:00Z' });
    const after = await row();
    const totals = await createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() }).totals(
      after,
      'average',
    );
    const expected = await expectedTotals(after, 'average');
    expect(totals.find((c) => c.coin_id === 'bitcoin')).toEqual(
      expected.find((c) => c.coin_id === 'bitcoin'),
    );
    expect(totals.find((c) => c.coin_id === 'ethereum')?.proceeds).toBe('12345');
  });

  it('after a write, a process holding the previous revision reads a current snapshot another process stored', async () => {
    const { u, p, row } = await setup();
    const before = await row();
    const a = countingLedgers();
    const processA = createPortfolioFigures({ db: t.database.db, ledgers: a.ledgers });
    await processA.totals(before, 'average');
    await processA.settle();
    await u.ok(p.id, {
      coin_id: 'ethereum',
      quantity: '1',
      price_per_coin: '6',
      date: '2024-03-01T00:00:00Z',
    });
    const after = await row();

    const processB = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    const fromB = await processB.totals(after, 'average');
    await processB.settle();
    const booksBefore = a.books();
    expect(await processA.totals(after, 'average')).toEqual(fromB);
    expect(a.books()).toBe(booksBefore);
    expect(fromB).toEqual(await expectedTotals(after, 'average'));

    // With nothing stored for the new revision, process A computes it from its previous figures.
    await u.ok(p.id, { quantity: '0.25', price_per_coin: '90', date: '2024-03-02T00:00:00Z' });
    const latest = await row();
    expect(await processA.totals(latest, 'average')).toEqual(await expectedTotals(latest, 'average'));
    await processA.settle();
    expect((await readSnapshot(t.database.db, p.id, 'ledger:average'))?.revision).toBe(latest.revision);
  });

  it('keeps the figures of each cost-basis method apart', async () => {
    const { row } = await setup();
    const portfolio = await row();
    const figures = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    const average = await figures.totals(portfolio, 'average');
    const fifo = await figures.totals(portfolio, 'fifo');
    expect(fifo).toEqual(await expectedTotals(portfolio, 'fifo'));
    expect(fifo.find((c) => c.coin_id === 'bitcoin')?.cost_basis).not.toBe(
      average.find((c) => c.coin_id === 'bitcoin')?.cost_basis,
    );
    await figures.settle();
    const fresh = createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() });
    expect(await fresh.totals(portfolio, 'fifo')).toEqual(fifo);
    expect(await fresh.totals(portfolio, 'average')).toEqual(average);
  });

  it('ignores a snapshot written in another format', async () => {
    const { row } = await setup();
    const portfolio = await row();
    await writeSnapshot(t.database.db, portfolio.id, 'ledger:average', {
      revision: portfolio.revision,
      format: 'an older format',
      payload: new TextEncoder().encode('[]'),
    });
    const totals = await createPortfolioFigures({ db: t.database.db, ledgers: createLedgerCache() }).totals(
      portfolio,
      'average',
    );
    expect(totals).toHaveLength(2);
  });
});

describe('dashboard after a settings change or a new transaction', () => {
  it('follows the cost-basis method and new transactions through the stored figures', async () => {
    const { u, p } = await setup();
    const capital = async () =>
      (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}&metrics=capital,roi`)).json();
    // bitcoin: 2 @ 100 + 1 fee, 1 @ 250, sell 0.5; ethereum: 10 @ 5.
    expect((await capital()).capital.totalInvestment).toBe('425.833333333333333333');
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const fifo = await capital();
    expect(fifo.portfolio_summary.cost_basis_method).toBe('fifo');
    expect(fifo.capital.totalInvestment).toBe('450.75');
    await u.ok(p.id, {
      coin_id: 'ethereum',
      quantity: '1',
      price_per_coin: '7',
      date: '2024-06-01T00:00:00Z',
    });
    expect((await capital()).capital.totalInvestment).toBe('457.75');
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'average' });
    expect((await capital()).capital.totalInvestment).toBe('432.833333333333333333');
  });

  it('moves the performance series when a transaction is added in the past', async () => {
    const { u, p } = await setup();
    const series = async () =>
      (await u.client.get(`/api/v2/dashboard/performance/?portfolio_id=${p.id}&timeframe=1M`)).json()
        .points as [number, number][];
    const before = await series();
    const tenDaysAgo = new Date(t.clock().getTime() - 10 * 86_400_000);
    await u.ok(p.id, {
      coin_id: 'ethereum',
      quantity: '100',
      price_per_coin: '1',
      date: tenDaysAgo.toISOString(),
    });
    const after = await series();
    expect(after).toHaveLength(before.length);
    const boughtOn = Math.floor(tenDaysAgo.getTime() / 86_400_000) * 86_400_000;
    after.forEach(([at, value], i) => {
      const was = before[i]?.[1] ?? 0;
      if (at < boughtOn) expect(value).toBe(was);
      else expect(value).toBeGreaterThan(was);
    });
  });
});
