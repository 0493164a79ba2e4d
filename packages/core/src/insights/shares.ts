import { Dec } from '../decimal.ts';
import type { InsightPosition } from './input.ts';

export interface PositionShare {
  position: InsightPosition;
  value: Dec;
  /** value ÷ total, a fraction (0..1). */
  share: Dec;
}

/**
 * Each held coin's share of the portfolio value, largest first (ties by coin id). A coin without
 * a price counts at its cost basis, as on the dashboard, so the shares still add up to 1.
 */
export function positionShares(positions: readonly InsightPosition[]): {
  total: Dec;
  shares: PositionShare[];
} {
  const values = positions.map((position) => ({
    position,
    value: new Dec(position.marketValue ?? position.costBasis),
  }));
  const total = values.reduce((sum, v) => sum.add(v.value), new Dec(0));
  const shares = values
    .map((v) => ({ ...v, share: total.isZero() ? new Dec(0) : v.value.div(total) }))
    .sort((a, b) => b.value.cmp(a.value) || (a.position.coinId < b.position.coinId ? -1 : 1));
  return { total, shares };
}
