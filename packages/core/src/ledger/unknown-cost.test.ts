import { costBasisMethods } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { computeLedger } from './engine.ts';
import { coinPnl } from './metrics.ts';
import type { CoinLedger, LedgerTransaction } from './types.ts';
import { previewTransaction } from './validate.ts';

/*
 * A transfer in without a price brings units whose cost nobody knows. Figures below are worked
 * by hand: the units count in the holding, never in cost basis, average cost or realized P&L.
 */

let n = 0;
function tx(
  type: LedgerTransaction['type'],
  quantity: string,
  price: string | null,
  fee = '0',
  id?: string,
): LedgerTransaction {
  n++;
  const day = String(n).padStart(2, '0');
  return {
    id: id ?? `t${n}`,
    coin_id: 'bitcoin',
    type,
    quantity,
    price_per_coin: price,
    fee,
    executed_at: `2024-01-${day}T00:00:00.000Z`,
  };
}

function only(txs: readonly LedgerTransaction[], method: (typeof costBasisMethods)[number]): CoinLedger {
  const result = computeLedger(txs, { method });
  expect(result.violations).toEqual([]);
  const coin = result.coins[0];
  if (!coin) throw new Error('no position');
  return coin;
}

/** Buy 2 at 100 + fee 10 (cost 210), receive 3 of unknown cost, sell 4 at 150 − fee 20 (580). */
function knownThenUnknownThenSale(): LedgerTransaction[] {
  n = 0;
  return [
    tx('buy', '2', '100', '10', 'buy'),
    tx('transfer_in', '3', null, '0', 'received'),
    tx('sell', '4', '150', '20', 'sale'),
  ];
}

describe('a lot of unknown cost under lot methods', () => {
  it('FIFO: a sale across a known lot and an unknown one realizes the known half only', () => {
    const txs = knownThenUnknownThenSale();
    const coin = only(txs, 'fifo');
    // Takes the 2 bought (cost 210) and 2 of the 3 received. Proceeds 580, of which the 2 known
    // units' share is 580 × 2 ÷ 4 = 290: realized 290 − 210 = 80. The 2 unknown units realize nothing.
    expect(coin).toMatchObject({
      quantity: '1',
      cost_basis: '0',
      average_cost: null,
      unknown_cost_quantity: '1',
      lots_without_cost: 1,
      disposals_with_unknown_cost: 1,
      realized_pnl: '80',
      cost_of_units_sold: '210',
      proceeds: '580',
    });
    const sale = coin.trail.find((s) => s.transaction_id === 'sale');
    expect(sale).toMatchObject({
      cost_removed: '210',
      proceeds: '580',
      realized_pnl: '80',
      unknown_cost_quantity_removed: '2',
      unknown_cost_quantity_after: '1',
      consumed: [
        { transaction_id: 'buy', quantity: '2', cost: '210' },
        { transaction_id: 'received', quantity: '2', cost: null },
      ],
    });
    expect(coin.explanation).toEqual({
      method: 'fifo',
      lots: [
        {
          transaction_id: 'received',
          type: 'transfer_in',
          acquired_at: '2024-01-02T00:00:00.000Z',
          quantity_acquired: '3',
          quantity_left: '1',
          unit_cost: null,
          cost_basis: null,
        },
      ],
    });
    // 80 ÷ 210: the realized percentage's base is the known cost only.
    expect(coinPnl(coin, '200').returns.realized.profitLossPercentage).toBe('38.095238095238095238');
  });

  it('LIFO takes the unknown lot first: 3 unknown units and 1 known (105), realized 580 × 1 ÷ 4 − 105 = 40', () => {
    const coin = only(knownThenUnknownThenSale(), 'lifo');
    expect(coin).toMatchObject({
      quantity: '1',
      cost_basis: '105',
      average_cost: '105',
      unknown_cost_quantity: '0',
      lots_without_cost: 0,
      disposals_with_unknown_cost: 1,
      realized_pnl: '40',
      cost_of_units_sold: '105',
    });
  });

  it('HIFO takes every priced lot before any unknown one, the earliest unknown first', () => {
    n = 0;
    const txs = [
      tx('buy', '1', '10', '0', 'dear'),
      tx('transfer_in', '1', null, '0', 'unknown-early'),
      tx('buy', '1', '5', '0', 'cheap'),
      tx('transfer_in', '1', null, '0', 'unknown-late'),
      tx('sell', '3', '20', '0', 'sale'),
    ];
    const coin = only(txs, 'hifo');
    const sale = coin.trail.find((s) => s.transaction_id === 'sale');
    expect(sale?.consumed).toEqual([
      { transaction_id: 'dear', quantity: '1', cost: '10' },
      { transaction_id: 'cheap', quantity: '1', cost: '5' },
      { transaction_id: 'unknown-early', quantity: '1', cost: null },
    ]);
    // Proceeds 60; the 2 known units' share 40, less their cost 15.
    expect(coin).toMatchObject({
      realized_pnl: '25',
      quantity: '1',
      unknown_cost_quantity: '1',
      lots_without_cost: 1,
      cost_basis: '0',
    });
  });
});

describe('the average pool keeps known and unknown units apart', () => {
  it('takes from both in proportion and keeps the known average', () => {
    const txs = knownThenUnknownThenSale();
    const coin = only(txs, 'average');
    // Pool: 2 known (cost 210) and 3 unknown. Selling 4 of 5 takes 4 × 3 ÷ 5 = 2.4 unknown and
    // 1.6 known at 105 each = 168. The known share of the proceeds is 580 × 1.6 ÷ 4 = 232, so
    // realized 232 − 168 = 64. Left: 0.4 known (42) and 0.6 unknown.
    expect(coin).toMatchObject({
      quantity: '1',
      cost_basis: '42',
      average_cost: '105',
      unknown_cost_quantity: '0.6',
      lots_without_cost: 1,
      disposals_with_unknown_cost: 1,
      realized_pnl: '64',
      cost_of_units_sold: '168',
    });
    expect(coin.trail.find((s) => s.transaction_id === 'sale')).toMatchObject({
      cost_removed: '168',
      realized_pnl: '64',
      unknown_cost_quantity_removed: '2.4',
      average_cost_after: '105',
    });
  });

  it('values the known units only for unrealized P&L', () => {
    const txs = [...knownThenUnknownThenSale(), tx('buy', '1', '120')];
    const coin = only(txs, 'average');
    // Known 1.4 units cost 162 (avg 115.714…); 0.6 unknown. At 200: value 400, of which the
    // known units are 280: unrealized 280 − 162 = 118 on a base of 162.
    expect(coin).toMatchObject({ quantity: '2', cost_basis: '162', unknown_cost_quantity: '0.6' });
    expect(coinPnl(coin, '200')).toMatchObject({
      quantity: '2',
      totalInvestment: '162',
      costBasisPerCoin: '115.714285714285714286',
      totalValue: '400',
      returns: {
        unrealized: { profitLoss: '118', profitLossPercentage: '72.839506172839506173' },
        realized: { profitLoss: '64' },
        total: { profitLoss: '182' },
      },
      unknownCostQuantity: '0.6',
      lotsWithoutCost: 1,
      disposalsWithUnknownCost: 1,
    });
  });

  it('counts its unpriced acquisitions until the unknown units are gone', () => {
    n = 0;
    const txs = [
      tx('buy', '1', '100'),
      tx('transfer_in', '1', null),
      tx('transfer_in', '2', null),
      tx('sell', '2', '100', '0', 'half'),
    ];
    // 4 held, 3 unknown: the sale takes 1.5 unknown and 0.5 known (50); both unpriced
    // acquisitions keep a share.
    expect(only(txs, 'average')).toMatchObject({
      quantity: '2',
      unknown_cost_quantity: '1.5',
      lots_without_cost: 2,
      cost_basis: '50',
      realized_pnl: '0',
    });
    const closed = only([...txs, tx('sell', '2', '100')], 'average');
    expect(closed).toMatchObject({
      quantity: '0',
      unknown_cost_quantity: '0',
      lots_without_cost: 0,
      cost_basis: '0',
      average_cost: null,
      disposals_with_unknown_cost: 2,
    });
  });
});

describe('a transfer out of units of unknown cost', () => {
  it.each(costBasisMethods)('%s: moves them, realizes only its fee, and moves no cost', (method) => {
    n = 0;
    const txs = [tx('transfer_in', '1', null, '0', 'in'), tx('transfer_out', '0.4', '0', '1', 'out')];
    const coin = only(txs, method);
    expect(coin).toMatchObject({
      quantity: '0.6',
      cost_basis: '0',
      average_cost: null,
      unknown_cost_quantity: '0.6',
      lots_without_cost: 1,
      disposals_with_unknown_cost: 1,
      realized_pnl: '-1',
      cost_transferred_out: '0',
    });
    expect(coin.trail.find((s) => s.transaction_id === 'out')).toMatchObject({
      cost_removed: '0',
      realized_pnl: '-1',
      unknown_cost_quantity_removed: '0.4',
      unknown_cost_quantity_after: '0.6',
      lots_without_cost_after: 1,
    });
    const gone = only([...txs, tx('transfer_out', '0.6', '0')], method);
    expect(gone).toMatchObject({ quantity: '0', unknown_cost_quantity: '0', lots_without_cost: 0 });
  });
});

describe('no figure takes an unknown cost as 0', () => {
  it.each(costBasisMethods)('%s: a sale of unknown units only has no realized figure', (method) => {
    n = 0;
    const unknown = [tx('transfer_in', '2', null, '0', 'in'), tx('sell', '1', '500', '0', 'sale')];
    const coin = only(unknown, method);
    const sale = coin.trail.find((s) => s.transaction_id === 'sale');
    // Taking the cost as 0 would realize the whole 500.
    expect(sale?.realized_pnl).toBeNull();
    expect(sale?.proceeds).toBe('500');
    expect(coin).toMatchObject({
      realized_pnl: '0',
      cost_of_units_sold: '0',
      cost_basis: '0',
      average_cost: null,
      unknown_cost_quantity: '1',
      disposals_with_unknown_cost: 1,
    });
    const pnl = coinPnl(coin, '600');
    expect(pnl.totalValue).toBe('600');
    expect(pnl.costBasisPerCoin).toBeNull();
    // Nothing of known cost is held: nothing to compare a value with (0-cost would say +600).
    expect(pnl.returns.unrealized).toEqual({ profitLoss: '0', profitLossPercentage: null });
    expect(pnl.returns.realized.profitLossPercentage).toBeNull();

    // A stated price of 0 is a cost of 0, and is not counted as unknown.
    n = 0;
    const free = only([tx('transfer_in', '2', '0', '0', 'in'), tx('sell', '1', '500', '0', 'sale')], method);
    expect(free).toMatchObject({ realized_pnl: '500', unknown_cost_quantity: '0', lots_without_cost: 0 });
  });

  it('reports the unknown units a blocked sale met, and previews a transfer in without a price', () => {
    n = 0;
    const txs = [tx('buy', '1', '100'), tx('transfer_in', '1', null)];
    const blocked = computeLedger([...txs, tx('sell', '3', '100', '0', 'over')]).blocked[0];
    expect(blocked).toEqual({
      transaction_id: 'over',
      holding: '2',
      cost_basis: '100',
      average_cost: '100',
      unknown_cost_quantity: '1',
    });
    const preview = previewTransaction(txs, {
      coin_id: 'bitcoin',
      type: 'transfer_in',
      quantity: '0.5',
      price_per_coin: null,
      fee: '0',
      executed_at: '2024-02-01T00:00:00.000Z',
    });
    expect(preview).toMatchObject({
      holding_after: '2.5',
      cost_basis_before: '100',
      cost_basis_after: '100',
      average_cost_after: '100',
      unknown_cost_quantity_after: '1.5',
      lots_without_cost_after: 2,
      realized_pnl: null,
    });
  });

  it('refuses a missing price on anything but a transfer in', () => {
    n = 0;
    expect(() => computeLedger([tx('buy', '1', null)])).toThrow(/price_per_coin/);
  });
});
