import { costBasisMethods } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { computeLedger } from './engine.ts';
import buyThenPartialSell from './fixtures/buy-then-partial-sell.json' with { type: 'json' };
import feeHandling from './fixtures/fee-handling.json' with { type: 'json' };
import hifoVsFifo from './fixtures/hifo-vs-fifo.json' with { type: 'json' };
import rewards from './fixtures/rewards.json' with { type: 'json' };
import sellToZeroThenRebuy from './fixtures/sell-to-zero-then-rebuy.json' with { type: 'json' };
import transfers from './fixtures/transfers.json' with { type: 'json' };
import { coinPnl } from './metrics.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * Fixture format: `transactions` (the ledger input), optional `prices` per coin, and per method
 * `expected.<method>` with subsets of: `coins.<coin>` (CoinLedger fields), `lots.<coin>` (the
 * lots left, in acquisition order), `steps.<tx id>` (the trail entry), `pnl.<coin>` (figures at
 * the fixture price). Only the fields written in the file are compared.
 */
interface Scenario {
  scenario: string;
  description: string;
  transactions: LedgerTransaction[];
  prices?: Record<string, string>;
  expected: Record<string, MethodExpectation | undefined>;
}
interface MethodExpectation {
  coins?: Record<string, object>;
  lots?: Record<string, object[]>;
  steps?: Record<string, object>;
  pnl?: Record<string, object>;
}

const scenarios = [
  buyThenPartialSell,
  sellToZeroThenRebuy,
  feeHandling,
  transfers,
  rewards,
  hifoVsFifo,
] as unknown as Scenario[];

describe.each(scenarios)('scenario $scenario', (fixture) => {
  const methods = costBasisMethods.filter((m) => fixture.expected[m]);

  it.each(methods)('%s', (method) => {
    const expected = fixture.expected[method] ?? {};
    const result = computeLedger(fixture.transactions, { method });
    expect(result.violations).toEqual([]);
    const byCoin = new Map(result.coins.map((c) => [c.coin_id, c]));

    for (const [coinId, coin] of Object.entries(expected.coins ?? {})) {
      expect(byCoin.get(coinId), coinId).toMatchObject(coin);
    }
    for (const [coinId, lots] of Object.entries(expected.lots ?? {})) {
      const explanation = byCoin.get(coinId)?.explanation;
      expect(explanation && 'lots' in explanation ? explanation.lots : undefined).toMatchObject(lots);
    }
    for (const [txId, step] of Object.entries(expected.steps ?? {})) {
      expect(
        result.steps.find((s) => s.transaction_id === txId),
        txId,
      ).toMatchObject(step);
    }
    for (const [coinId, pnl] of Object.entries(expected.pnl ?? {})) {
      const coin = byCoin.get(coinId);
      if (!coin) throw new Error(`no position for ${coinId}`);
      expect(coinPnl(coin, fixture.prices?.[coinId] ?? null), coinId).toMatchObject(pnl);
    }
  });

  it('gives the same answer whatever order the transactions arrive in', () => {
    const reversed = [...fixture.transactions].reverse();
    for (const method of methods) {
      const a = computeLedger(fixture.transactions, { method });
      const b = computeLedger(reversed, { method });
      expect(b.coins).toEqual(a.coins);
    }
  });
});
