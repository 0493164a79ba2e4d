import { describe, expect, it } from 'vitest';
import { healthProblems } from './data-health.ts';
import { buildInsights } from './feed.ts';
import { threeCoinPortfolio } from './fixtures/three-coin-portfolio.ts';
import type { InsightsInput } from './input.ts';
import { lotPnls } from './lot-pnl.ts';
import { stressScenarios } from './stress.ts';

/*
 * The fixture's bitcoin with one more BTC received from outside, cost unknown: 2 BTC held at
 * 60,000 (value 120,000), cost basis still 30,000 (the two priced lots).
 */
function withReceivedBitcoin(overrides: Partial<InsightsInput> = {}): InsightsInput {
  const base = threeCoinPortfolio();
  return threeCoinPortfolio({
    positions: base.positions.map((p) =>
      p.coinId === 'bitcoin'
        ? { ...p, quantity: '2', marketValue: '120000', unknownCostQuantity: '1', lotsWithoutCost: 1 }
        : p,
    ),
    lots: [
      ...base.lots,
      {
        coinId: 'bitcoin',
        acquiredAt: '2025-02-01T00:00:00Z',
        quantityLeft: '1',
        unitCost: null,
        costBasis: null,
      },
    ],
    health: { ...base.health, lotsWithoutCost: 1 },
    ...overrides,
  });
}

describe('units of unknown cost in the insights', () => {
  it('leave a lot without a cost out of lot P&L (it has none), under FIFO', () => {
    const rows = lotPnls(withReceivedBitcoin());
    expect(rows.map((r) => [r.coinId, r.acquiredAt?.slice(0, 10), r.pnl.toFixed()])).toEqual([
      ['bitcoin', '2021-01-01', '20000'],
      ['bitcoin', '2024-03-01', '10000'],
      ['ethereum', '2022-05-01', '10000'],
      ['usd-coin', '2025-01-01', '0'],
      ['ethereum', '2024-04-01', '-3000'],
    ]);
  });

  it('compare only the known units with their cost under average cost', () => {
    const rows = lotPnls(withReceivedBitcoin({ method: 'average' }));
    // 1 known BTC × 60,000 − 30,000; the received BTC would add a made-up 60,000 at cost 0.
    expect(rows.find((r) => r.coinId === 'bitcoin')?.pnl.toFixed()).toBe('30000');
    expect(rows.find((r) => r.coinId === 'bitcoin')?.quantity.toFixed()).toBe('1');
  });

  it('keep the stress P&L on the known units while the value moves with every unit', () => {
    const { results } = stressScenarios(withReceivedBitcoin(), null);
    const flat = results.find((r) => r.move === -50);
    // Beta 1 for all (no risk figures): BTC 120,000 → 60,000; ETH 30,000 → 15,000; USDC 10,000 → 5,000.
    expect(flat?.value.toFixed()).toBe('80000');
    // Known value: half of BTC's 60,000, all of ETH and USDC = 50,000, less cost 63,000.
    expect(flat?.unrealized.toFixed()).toBe('-13000');
  });

  it('name the lots without a cost on the data-health card', () => {
    const problem = healthProblems(withReceivedBitcoin()).find((p) => p.code === 'lots_without_cost');
    expect(problem).toMatchObject({
      message: '1 lot has no cost: figures exclude it.',
      coins: ['bitcoin'],
      affects: ['lot_pnl', 'stress', 'exit_plan', 'tax_timing'],
    });
    const base = withReceivedBitcoin();
    const three = withReceivedBitcoin({ health: { ...base.health, lotsWithoutCost: 3 } });
    const card = buildInsights(three).find((c) => c.kind === 'data_health');
    expect(card?.headline).toContain('3 lots have no cost: figures exclude them.');
    expect(card?.figures.lots_without_cost).toBe('3');
    expect(card?.severity).toBe('notice');
  });
});
