import { describe, expect, it } from 'vitest';
import { computeLedger } from './engine.ts';
import oversellAfterEdit from './fixtures/oversell-after-edit.json' with { type: 'json' };
import { pnlFigures, positionParts, sumParts } from './metrics.ts';
import { LedgerInputError } from './timeline.ts';
import type { LedgerTransaction } from './types.ts';
import {
  assertLedger,
  CANDIDATE_ID,
  type LedgerChange,
  OversellError,
  previewTransaction,
  validateChange,
  validateLedger,
} from './validate.ts';

const base = oversellAfterEdit.transactions as LedgerTransaction[];

describe('scenario oversell-after-edit', () => {
  it.each(oversellAfterEdit.changes)('$name', ({ change, violation }) => {
    const found =
      change === null ? validateLedger(base) : validateChange(base, change as unknown as LedgerChange);
    if (violation === null) expect(found).toBeNull();
    else expect(found).toMatchObject({ code: 'oversell', ...violation });
  });

  it('names the coin, the date and both quantities in the message', () => {
    const found = validateChange(base, { kind: 'delete', transactionId: 'b2' });
    expect(found?.message).toBe('Only 0.5 BTC held on Mar 1, 2024, 12:00 AM UTC; this sell needs 0.8.');
    expect(() => assertLedger(base.filter((t) => t.id !== 'b2'))).toThrow(OversellError);
  });

  it('names a coin core has no ticker for by its id rather than not at all', () => {
    const found = validateLedger([
      tx({ id: 'x1', coin_id: 'some-new-coin', type: 'buy', quantity: '1' }),
      tx({
        id: 'x2',
        coin_id: 'some-new-coin',
        type: 'sell',
        quantity: '2',
        executed_at: '2024-01-02T00:00:00Z',
      }),
    ]);
    expect(found?.message).toMatch(/^Only 1 some-new-coin held on /);
  });
});

const tx = (over: Partial<LedgerTransaction> & Pick<LedgerTransaction, 'id' | 'type' | 'quantity'>) => ({
  coin_id: 'bitcoin',
  price_per_coin: '100',
  fee: '0',
  executed_at: '2024-01-01T00:00:00Z',
  ...over,
});

describe('timeline order', () => {
  it('breaks a same-instant tie by entry order (created_at), not by input order', () => {
    const buy = tx({ id: 'z-buy', type: 'buy', quantity: '1', created_at: '2024-01-01T00:00:01Z' });
    const sell = tx({ id: 'a-sell', type: 'sell', quantity: '1', created_at: '2024-01-01T00:00:02Z' });
    expect(validateLedger([sell, buy])).toBeNull();
    expect(validateLedger([{ ...sell, created_at: '2024-01-01T00:00:00Z' }, buy])?.transaction_id).toBe(
      'a-sell',
    );
  });

  it('compares instants, not strings, across time zones', () => {
    const buy = tx({ id: 'b', type: 'buy', quantity: '1', executed_at: '2024-01-01T10:00:00+02:00' });
    const sell = tx({ id: 's', type: 'sell', quantity: '1', executed_at: '2024-01-01T09:00:00Z' });
    expect(validateLedger([sell, buy])).toBeNull();
  });

  it('HIFO takes the earliest of equal-cost lots first', () => {
    const result = computeLedger(
      [
        tx({ id: 'first', type: 'buy', quantity: '1', executed_at: '2024-01-01T00:00:00Z' }),
        tx({
          id: 'second',
          type: 'buy',
          quantity: '2',
          price_per_coin: '100',
          executed_at: '2024-01-02T00:00:00Z',
        }),
        tx({
          id: 'cheap',
          type: 'buy',
          quantity: '1',
          price_per_coin: '50',
          executed_at: '2024-01-03T00:00:00Z',
        }),
        tx({ id: 'sell', type: 'sell', quantity: '1.5', executed_at: '2024-01-04T00:00:00Z' }),
      ],
      { method: 'hifo' },
    );
    expect(result.steps.at(-1)?.consumed.map((c) => [c.transaction_id, c.quantity])).toEqual([
      ['first', '1'],
      ['second', '0.5'],
    ]);
  });
});

describe('previewTransaction', () => {
  it('shows holding, cost basis and realized P&L of a candidate sell', () => {
    const preview = previewTransaction(
      base,
      {
        coin_id: 'bitcoin',
        type: 'sell',
        quantity: '0.1',
        price_per_coin: '50000',
        fee: '10',
        executed_at: '2024-04-01T00:00:00Z',
      },
      { method: 'fifo' },
    );
    // After s1 FIFO holds 0.2 of b2 (unit 30000): selling 0.1 removes 3000 and realizes 5000 − 10 − 3000.
    expect(preview).toMatchObject({
      method: 'fifo',
      holding_before: '0.2',
      holding_after: '0.1',
      cost_basis_before: '6000',
      cost_basis_after: '3000',
      average_cost_after: '30000',
      realized_pnl: '1990',
      violation: null,
    });
  });

  it('gives no realized P&L for a buy and previews an edit in place', () => {
    const preview = previewTransaction(
      base,
      {
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '1',
        price_per_coin: '30000',
        fee: '0',
        executed_at: '2024-02-01T00:00:00Z',
      },
      { replaces: 'b2' },
    );
    expect(preview).toMatchObject({
      holding_before: '0.5',
      holding_after: '1.5',
      realized_pnl: null,
      violation: null,
    });
  });

  it('reports an oversold candidate with the position it met', () => {
    const preview = previewTransaction(base, {
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '5',
      price_per_coin: '1',
      fee: '0',
      executed_at: '2024-02-15T00:00:00Z',
    });
    expect(preview).toMatchObject({
      holding_before: '1',
      holding_after: '1',
      cost_basis_before: '25000',
      realized_pnl: null,
      violation: { transaction_id: CANDIDATE_ID, available: '1', requested: '5' },
    });
  });
});

describe('input and totals', () => {
  it('rejects stored rows the ledger cannot read, as a bug rather than a user error', () => {
    expect(() => computeLedger([tx({ id: 'x', type: 'buy', quantity: '0' })])).toThrow(LedgerInputError);
    expect(() => computeLedger([tx({ id: 'x', type: 'buy', quantity: '1', fee: '-1' })])).toThrow(
      LedgerInputError,
    );
    expect(() => computeLedger([tx({ id: 'x', type: 'buy', quantity: 'abc' })])).toThrow(LedgerInputError);
    expect(() => computeLedger([tx({ id: 'x', type: 'buy', quantity: '1', executed_at: 'soon' })])).toThrow(
      LedgerInputError,
    );
  });

  it('never prints exponent notation', () => {
    const result = computeLedger([
      tx({ id: 'b', type: 'buy', quantity: '0.000000000000000001', price_per_coin: '0.00000001' }),
    ]);
    expect(result.coins[0]).toMatchObject({ quantity: '0.000000000000000001', cost_basis: '0' });
    expect(result.steps[0]?.average_cost_after).toBe('0.00000001');
  });

  it('skips the trail when asked for totals only', () => {
    const result = computeLedger(base, { explain: false });
    expect(result.steps).toEqual([]);
    expect(result.coins[0]).toMatchObject({ quantity: '0.2', cost_basis: '5000', realized_pnl: '12000' });
  });

  it('sums positions exactly and leaves value unknown when a held coin has no price', () => {
    const result = computeLedger([
      tx({ id: 'a', type: 'buy', quantity: '1', price_per_coin: '100' }),
      tx({ id: 'b', type: 'buy', coin_id: 'ethereum', quantity: '2', price_per_coin: '10' }),
      tx({
        id: 'c',
        type: 'sell',
        coin_id: 'ethereum',
        quantity: '2',
        price_per_coin: '15',
        executed_at: '2024-02-01T00:00:00Z',
      }),
    ]);
    const [btc, eth] = result.coins;
    if (!btc || !eth) throw new Error('positions missing');
    const priced = pnlFigures(sumParts([positionParts(btc, '150'), positionParts(eth, null)]));
    expect(priced).toMatchObject({
      totalInvestment: '100',
      totalValue: '150',
      returns: {
        realized: { profitLoss: '10', profitLossPercentage: '50' },
        unrealized: { profitLoss: '50', profitLossPercentage: '50' },
        total: { profitLoss: '60', profitLossPercentage: '50' },
      },
    });
    const unpriced = pnlFigures(sumParts([positionParts(btc, null), positionParts(eth, null)]));
    expect(unpriced.totalValue).toBeNull();
    expect(unpriced.returns.total).toEqual({ profitLoss: null, profitLossPercentage: null });
    expect(unpriced.returns.realized.profitLoss).toBe('10');
  });
});
