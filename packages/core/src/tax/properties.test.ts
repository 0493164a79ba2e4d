import { costBasisMethods, taxRules } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { computeLedger } from '../ledger/engine.ts';
import { computeTax } from './compute.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';

/** Proportional costs divide (1/3 of a pool); at 40 significant digits the residue is far below this. */
const tolerance = new Dec('1e-20');

/** Ledgers per property run (each checks all 20 rule/method pairs); 300 runs pass in ~4 s. */
const runs = 25;
/** Pure computation, ~2 s alone; beside the other test workers on a busy CI machine it passed 5 s. */
const cpuBound = 20_000;

describe('tax properties on random ledgers (fast-check)', () => {
  it(
    'realized + unrealized + fees = value − capital, for every rule and method',
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: true, maxRows: 60 }),
          ({ transactions, prices, links }) => {
            // capital: money put in (buys, and rewards at their value) less sale proceeds, gross of fees.
            let capital = new Dec(0);
            let fees = new Dec(0);
            const units = new Map<string, Dec>();
            for (const t of transactions) {
              const q = new Dec(t.quantity);
              if (t.fee) fees = fees.add(t.fee);
              if (t.type === 'buy' || t.type === 'reward')
                capital = capital.add(q.mul(t.price_per_coin ?? 0));
              if (t.type === 'sell') capital = capital.sub(q.mul(t.price_per_coin ?? 0));
              // An own move's network fee (out − in) leaves the holdings: a disposal at no proceeds.
              const sign = t.type === 'sell' || t.type === 'transfer_out' ? -1 : 1;
              units.set(t.coin_id, (units.get(t.coin_id) ?? new Dec(0)).add(q.mul(sign)));
            }
            let value = new Dec(0);
            for (const [coin, q] of units) value = value.add(q.mul(prices.get(coin) ?? 0));

            for (const rule of taxRules) {
              for (const method of costBasisMethods) {
                // The moves the ledger made, as the server passes its matcher's: this checks the engine.
                const tax = computeTax({ transactions, rule, method, customThresholdDays: 200, links });
                expect(tax.needsPrice, `${rule}/${method}`).toEqual([]);
                let realized = new Dec(0);
                for (const d of tax.disposals) {
                  realized = realized.add(d.gain ?? Number.NaN);
                  const lineQuantity = d.lines.reduce((s, l) => s.add(l.quantity), new Dec(0));
                  expect(lineQuantity.eq(d.quantity), `${rule}/${method} ${d.transactionId}`).toBe(true);
                  expect(d.lines.some((l) => l.basis === 'unmatched')).toBe(false);
                }
                let unrealized = new Dec(0);
                for (const h of tax.holdings)
                  unrealized = unrealized.add(
                    h.quantity.mul(prices.get(h.coinId) ?? 0).sub(h.cost ?? Number.NaN),
                  );
                // Fees of own moves are expensed under the UK rule (transferFees) and join the basis elsewhere.
                const left = realized.add(unrealized).add(fees).sub(tax.transferFees);
                const right = value.sub(capital);
                expect(left.sub(right).abs().lt(tolerance), `${rule}/${method}: ${left} vs ${right}`).toBe(
                  true,
                );
              }
            }
          },
        ),
        { numRuns: runs },
      );
    },
    cpuBound,
  );

  it(
    'under "none" each portfolio realizes exactly what the dashboard ledger does',
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: false, portfolios: 1, maxRows: 60 }),
          ({ transactions }) => {
            for (const method of costBasisMethods) {
              const tax = computeTax({ transactions, rule: 'none', method });
              const ledger = computeLedger(
                transactions.map((t) => ({
                  ...t,
                  price_per_coin: t.price_per_coin ?? '0',
                  fee: t.fee ?? '0',
                })),
                { method, explain: false },
              );
              for (const coin of ledger.coins) {
                const realized = tax.disposals
                  .filter((d) => d.coinId === coin.coin_id)
                  .reduce((s, d) => s.add(d.gain ?? Number.NaN), new Dec(0));
                expect(realized.sub(coin.realized_pnl).abs().lt('1e-17'), `${method} ${coin.coin_id}`).toBe(
                  true,
                );
              }
            }
          },
        ),
        { numRuns: runs },
      );
    },
    cpuBound,
  );

  it(
    'a reward is income at its price and a lot at that cost; an unpriced row is listed, never valued at 0',
    () => {
      const tax = computeTax({
        rule: 'de',
        method: 'fifo',
        transactions: [
          {
            id: 'r',
            portfolio_id: 'p',
            coin_id: 'eth',
            type: 'reward',
            quantity: '2',
            price_per_coin: '1500',
            fee: '0',
            executed_at: '2024-03-01T10:00:00.000Z',
          },
          {
            id: 'x',
            portfolio_id: 'p',
            coin_id: 'eth',
            type: 'transfer_in',
            quantity: '1',
            price_per_coin: null,
            fee: '0',
            executed_at: '2024-03-02T10:00:00.000Z',
          },
          {
            id: 's',
            portfolio_id: 'p',
            coin_id: 'eth',
            type: 'sell',
            quantity: '3',
            price_per_coin: '2000',
            fee: '0',
            executed_at: '2024-04-01T10:00:00.000Z',
          },
        ],
      });
      expect(tax.income[0]?.value?.toString()).toBe('3000');
      expect(tax.needsPrice.map((n) => n.transaction_id)).toEqual(['x']);
      const sale = tax.disposals[0];
      expect(sale?.gain).toBeNull();
      expect(sale?.lines.map((l) => l.cost?.toString() ?? null)).toEqual(['3000', null]);
    },
    cpuBound,
  );
});
