import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoToDay } from '../tax/dates.ts';
import type { TaxTransaction } from '../tax/types.ts';
import { type CashEntry, cashAccounts, mergeFlows } from './cash-accounts.ts';
import { externalFlows } from './flows.ts';

const entry = (
  kind: CashEntry['kind'],
  amount: string,
  date: string,
  more: Partial<CashEntry> = {},
): CashEntry => ({
  account: 'kraken',
  kind,
  amount,
  fee: '0',
  rate: '1',
  executed_at: `${date}T12:00:00.000Z`,
  transaction_id: null,
  ...more,
});
const day = isoToDay;

describe('cash accounts of exchanges', () => {
  it('counts deposits and withdrawals as the money paid in and out, not the trades between', () => {
    const cash = cashAccounts([
      entry('deposit', '1000', '2026-01-01'),
      entry('trade', '-600', '2026-01-02', { transaction_id: 'buy' }),
      entry('trade', '300', '2026-01-03', { transaction_id: 'sell' }),
      entry('withdrawal', '500', '2026-01-04', { fee: '1' }),
    ]);
    expect([...cash.flows]).toEqual([
      [day('2026-01-01'), { inflow: 1000, outflow: 0, transactionIds: [] }],
      [day('2026-01-04'), { inflow: 0, outflow: 500, transactionIds: [] }],
    ]);
    expect([...cash.covered].sort()).toEqual(['buy', 'sell']);
    expect([...cash.series(day('2025-12-31'), 6)]).toEqual([0, 1000, 400, 700, 199, 199]);
    expect(cash.held).toBe(199);
    expect(cash.firstDay).toBe(day('2026-01-01'));
  });

  it('takes money spent beyond what was seen arriving as paid in that day', () => {
    const cash = cashAccounts([
      entry('trade', '-600', '2026-01-02', { transaction_id: 'buy' }),
      entry('trade', '300', '2026-01-03', { transaction_id: 'sell' }),
      entry('withdrawal', '500', '2026-01-04'),
    ]);
    expect(cash.flows.get(day('2026-01-02'))).toEqual({ inflow: 600, outflow: 0, transactionIds: ['buy'] });
    // 300 were there: the other 200 withdrawn came from before the history, so the day nets 300 out.
    expect(cash.flows.get(day('2026-01-04'))).toEqual({ inflow: 200, outflow: 500, transactionIds: [] });
    expect(cash.held).toBe(0);
  });

  it('keeps each account apart: one account has no use of another one’s cash', () => {
    const cash = cashAccounts([
      entry('deposit', '100', '2026-01-01', { account: 'a' }),
      entry('trade', '-50', '2026-01-02', { account: 'b', transaction_id: 'buy' }),
    ]);
    expect(cash.flows.get(day('2026-01-02'))?.inflow).toBe(50);
    expect(cash.held).toBe(100);
  });

  it('funds a purchase from a deposit stamped with the same instant, whatever the order given', () => {
    const at = { executed_at: '2026-01-02T09:00:00.000Z' };
    const cash = cashAccounts([
      entry('trade', '-100', '2026-01-02', { ...at, transaction_id: 'buy' }),
      entry('deposit', '100', '2026-01-02', at),
    ]);
    expect(cash.flows.get(day('2026-01-02'))).toEqual({ inflow: 100, outflow: 0, transactionIds: [] });
  });

  it("values money in another currency at its entry's rate", () => {
    const cash = cashAccounts([entry('deposit', '1000', '2026-01-01', { rate: '0.9', fee: '10' })]);
    expect(cash.flows.get(day('2026-01-01'))?.inflow).toBe(900);
    expect(cash.held).toBe(891);
  });

  it('leaves the purchase it covers out of the ledger’s own flows', () => {
    const tx = (id: string, type: TaxTransaction['type'], date: string): TaxTransaction => ({
      id,
      portfolio_id: 'p',
      coin_id: 'bitcoin',
      type,
      quantity: '0.01',
      price_per_coin: '60000',
      fee: '0',
      executed_at: `${date}T12:00:00.000Z`,
    });
    const cash = cashAccounts([
      entry('deposit', '1000', '2026-01-01'),
      entry('trade', '-600', '2026-01-02', { transaction_id: 'exchange-buy' }),
    ]);
    const ledger = externalFlows(
      [tx('exchange-buy', 'buy', '2026-01-02'), tx('typed-buy', 'buy', '2026-01-03')],
      {
        portfolioId: 'p',
        links: new Map(),
        closeOn: () => null,
        covered: cash.covered,
      },
    );
    const flows = mergeFlows(ledger.flows, cash.flows);
    expect([...flows.keys()].sort()).toEqual([day('2026-01-01'), day('2026-01-03')]);
    expect(flows.get(day('2026-01-03'))?.inflow).toBe(600);
  });

  it('never holds less than nothing, and what it holds is what came in less what went out', () => {
    const kinds = fc.constantFrom<CashEntry['kind']>('deposit', 'withdrawal', 'trade');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(kinds, fc.integer({ min: -500, max: 500 }), fc.integer({ min: 0, max: 30 })), {
          maxLength: 40,
        }),
        (list) => {
          const entries = list.map(([kind, n, d]) =>
            entry(
              kind,
              String(kind === 'trade' ? n : Math.abs(n) + 1),
              `2026-01-${String(d + 1).padStart(2, '0')}`,
            ),
          );
          const cash = cashAccounts(entries);
          const series = cash.series(day('2026-01-01'), 31);
          for (const v of series) expect(v).toBeGreaterThanOrEqual(0);
          let inflow = 0;
          let outflow = 0;
          for (const f of cash.flows.values()) {
            inflow += f.inflow;
            outflow += f.outflow;
          }
          const trades = entries.filter((e) => e.kind === 'trade').reduce((s, e) => s + Number(e.amount), 0);
          expect(cash.held).toBeCloseTo(inflow - outflow + trades, 6);
        },
      ),
    );
  });
});
