import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { card, fig, money, pct, signedMoney, signedPct, stat, table } from './card.ts';
import type { InsightsInput } from './input.ts';
import type { RiskFigures } from './risk.ts';
import { positionShares } from './shares.ts';

export const stressMoves = [-50, -20, 50] as const;

export interface StressResult {
  move: number;
  value: Dec;
  change: Dec;
  /** Unrealized P&L after the move (value − cost basis). */
  unrealized: Dec;
}

/**
 * A coin moves by beta × the BTC move, floored at −100 % (a price cannot go below zero). Coins
 * without a usable beta move with BTC (beta 1); stablecoins have a beta near 0 from their own
 * history. Decimal from here on: the beta is rounded to 2 decimals first, as shown.
 */
export function stressScenarios(
  input: InsightsInput,
  risk: RiskFigures | null,
): { results: StressResult[]; betas: Map<string, Dec>; assumed: string[] } {
  const { total, shares } = positionShares(input.positions);
  const betas = new Map<string, Dec>();
  const assumed: string[] = [];
  for (const s of shares) {
    const b = risk?.coinBetas.get(s.position.coinId)?.beta;
    if (b == null) assumed.push(s.position.coinId);
    betas.set(s.position.coinId, new Dec(b == null ? 1 : stat(b)));
  }
  const cost = input.positions.reduce((sum, p) => sum.add(p.costBasis), new Dec(0));
  // P&L compares the value of the units of known cost with their cost: a unit of unknown cost
  // is in the value, never in the P&L (that would take its cost as 0).
  const knownShare = new Map<string, Dec>();
  for (const s of shares) {
    const quantity = new Dec(s.position.quantity);
    const unknown = new Dec(s.position.unknownCostQuantity ?? 0);
    knownShare.set(
      s.position.coinId,
      unknown.isZero() || quantity.isZero() ? new Dec(1) : quantity.sub(unknown).div(quantity),
    );
  }
  const results = stressMoves.map((move) => {
    let value = new Dec(0);
    let knownValue = new Dec(0);
    for (const s of shares) {
      const m = Dec.max(new Dec(-1), (betas.get(s.position.coinId) ?? new Dec(1)).mul(move).div(100));
      const moved = s.value.mul(new Dec(1).add(m));
      value = value.add(moved);
      knownValue = knownValue.add(moved.mul(knownShare.get(s.position.coinId) ?? 1));
    }
    return { move, value, change: value.sub(total), unrealized: knownValue.sub(cost) };
  });
  return { results, betas, assumed };
}

/** Kind 6. Portfolio value and P&L if BTC moves −50 %, −20 %, +50 % (an estimate via beta). */
export function stressInsight(input: InsightsInput, risk: RiskFigures | null): InsightCard | null {
  if (input.positions.length === 0) return null;
  const { total } = positionShares(input.positions);
  if (total.isZero()) return null;
  const { results, betas, assumed } = stressScenarios(input, risk);
  const c = input.baseCurrency;
  const down = results.find((r) => r.move === -50);
  if (!down) return null;
  const lossPct = down.change.div(total).mul(100);
  return card({
    kind: 'stress',
    severity: lossPct.lte(-60) ? 'warning' : 'info',
    title: 'Scenario stress (estimate)',
    headline: `Estimate: if BTC falls ${pct(50, 0)}, the portfolio would be worth about ${money(down.value, c)} (${signedMoney(down.change, c)}, ${pct(lossPct, 1)}); at ${signedPct(50, 0)} about ${money(results[2]?.value ?? total, c)}.`,
    figures: Object.fromEntries(
      results.flatMap((r) => [
        [`value_btc_${r.move}`, fig(r.value)],
        [`change_btc_${r.move}`, fig(r.change)],
        [`unrealized_btc_${r.move}`, fig(r.unrealized)],
      ]),
    ),
    formula:
      'An estimate, not a forecast: each coin’s price moves by its 90-day beta to bitcoin × the BTC move (never below -100%). ' +
      'Coins without 20 days of paired history move with BTC (beta 1). Value = Σ current value × (1 + move); P&L = value of the units of known cost − their cost basis.',
    numbers: [
      ['Value now', money(total, c)],
      ...results.map((r): [string, string] => [
        `BTC ${signedPct(r.move, 0)}`,
        `${money(r.value, c)} (P&L ${signedMoney(r.unrealized, c)})`,
      ]),
      ['Coins assumed at beta 1', assumed.length === 0 ? 'none' : assumed.join(', ')],
    ],
    tables: [
      table(
        'Betas used',
        ['Coin', 'Beta'],
        input.positions.map((p) => [p.symbol.toUpperCase(), (betas.get(p.coinId) ?? new Dec(1)).toFixed(2)]),
      ),
    ],
    estimate: true,
  });
}
