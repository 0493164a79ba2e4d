import type { RoiFigures } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { percentage, toDecimalString } from './format.ts';
import type { LedgerTotals } from './types.ts';

/**
 * P&L of a position (or a sum of positions) at a current price. Definitions:
 * - unrealized = current value of the units of known cost − their cost basis: units of unknown
 *   cost are in the holding and its value, never in a P&L (that would take their cost as 0);
 *   `unknownCostQuantity` and `lotsWithoutCost` say what was left out;
 * - total = realized + unrealized;
 * - profitLossPercentage = profitLoss ÷ the cost basis it relates to × 100:
 *   realized ÷ cost of the units sold, unrealized ÷ cost basis held,
 *   total ÷ (cost of the units sold + cost basis held). A zero base gives null.
 * Without a current price the market value, unrealized and total are unknown (null), never 0.
 */
export interface PnlFigures {
  quantity: string;
  totalInvestment: string;
  /** totalInvestment ÷ the units of known cost; null when none is held. */
  costBasisPerCoin: string | null;
  currentPrice: string | null;
  totalValue: string | null;
  returns: { total: NullableRoi; unrealized: NullableRoi; realized: RoiFigures };
  /** Units held whose cost is unknown: left out of totalInvestment, costBasisPerCoin and P&L. */
  unknownCostQuantity: string;
  lotsWithoutCost: number;
  /** Disposals whose realized P&L leaves out units of unknown cost. */
  disposalsWithUnknownCost: number;
}

export interface NullableRoi {
  profitLoss: string | null;
  profitLossPercentage: string | null;
}

/** Dec sums behind PnlFigures, so portfolio totals add exact values, not rounded strings. */
export interface PnlParts {
  quantity: Dec;
  costBasis: Dec;
  costOfUnitsSold: Dec;
  realized: Dec;
  /** null when some position has no current price. */
  marketValue: Dec | null;
  /** Units held whose cost is unknown (part of `quantity`). */
  unknownCostQuantity: Dec;
  /** Market value of the units of known cost only: what the unrealized P&L compares with cost. */
  knownValue: Dec | null;
  lotsWithoutCost: number;
  disposalsWithUnknownCost: number;
}

export function positionParts(coin: LedgerTotals, currentPrice: string | null): PnlParts {
  const quantity = new Dec(coin.quantity);
  const unknownCostQuantity = new Dec(coin.unknown_cost_quantity);
  const known = quantity.sub(unknownCostQuantity);
  return {
    quantity,
    costBasis: new Dec(coin.cost_basis),
    costOfUnitsSold: new Dec(coin.cost_of_units_sold),
    realized: new Dec(coin.realized_pnl),
    // Nothing held is worth 0 whatever the price, so a closed position never blocks totals.
    marketValue: quantity.isZero() ? new Dec(0) : currentPrice === null ? null : quantity.mul(currentPrice),
    unknownCostQuantity,
    knownValue: known.isZero() ? new Dec(0) : currentPrice === null ? null : known.mul(currentPrice),
    lotsWithoutCost: coin.lots_without_cost,
    disposalsWithUnknownCost: coin.disposals_with_unknown_cost,
  };
}

/** Sum of positions (a portfolio, or all of a user's portfolios: sum each portfolio's coins). */
export function sumParts(parts: readonly PnlParts[]): PnlParts {
  let marketValue: Dec | null = new Dec(0);
  let knownValue: Dec | null = new Dec(0);
  const sum = {
    quantity: new Dec(0),
    costBasis: new Dec(0),
    costOfUnitsSold: new Dec(0),
    realized: new Dec(0),
    unknownCostQuantity: new Dec(0),
    lotsWithoutCost: 0,
    disposalsWithUnknownCost: 0,
  };
  for (const p of parts) {
    sum.quantity = sum.quantity.add(p.quantity);
    sum.costBasis = sum.costBasis.add(p.costBasis);
    sum.costOfUnitsSold = sum.costOfUnitsSold.add(p.costOfUnitsSold);
    sum.realized = sum.realized.add(p.realized);
    sum.unknownCostQuantity = sum.unknownCostQuantity.add(p.unknownCostQuantity);
    sum.lotsWithoutCost += p.lotsWithoutCost;
    sum.disposalsWithUnknownCost += p.disposalsWithUnknownCost;
    marketValue = marketValue === null || p.marketValue === null ? null : marketValue.add(p.marketValue);
    knownValue = knownValue === null || p.knownValue === null ? null : knownValue.add(p.knownValue);
  }
  return { ...sum, marketValue, knownValue };
}

export function pnlFigures(parts: PnlParts, currentPrice: string | null = null): PnlFigures {
  const unrealized = parts.knownValue === null ? null : parts.knownValue.sub(parts.costBasis);
  const total = unrealized === null ? null : parts.realized.add(unrealized);
  const known = parts.quantity.sub(parts.unknownCostQuantity);
  return {
    quantity: toDecimalString(parts.quantity),
    totalInvestment: toDecimalString(parts.costBasis),
    costBasisPerCoin:
      known.isZero() || known.isNegative() ? null : toDecimalString(parts.costBasis.div(known)),
    currentPrice,
    totalValue: parts.marketValue === null ? null : toDecimalString(parts.marketValue),
    returns: {
      total: roi(total, parts.costOfUnitsSold.add(parts.costBasis)),
      unrealized: roi(unrealized, parts.costBasis),
      realized: roi(parts.realized, parts.costOfUnitsSold),
    },
    unknownCostQuantity: toDecimalString(parts.unknownCostQuantity),
    lotsWithoutCost: parts.lotsWithoutCost,
    disposalsWithUnknownCost: parts.disposalsWithUnknownCost,
  };
}

/** One coin's figures at a price: the per-coin item of every dashboard block. */
export function coinPnl(coin: LedgerTotals, currentPrice: string | null): PnlFigures {
  return pnlFigures(positionParts(coin, currentPrice), currentPrice);
}

function roi<T extends Dec | null>(profitLoss: T, base: Dec): T extends Dec ? RoiFigures : NullableRoi {
  const pct = profitLoss === null ? null : percentage(profitLoss, base);
  return {
    profitLoss: profitLoss === null ? null : toDecimalString(profitLoss),
    profitLossPercentage: pct === null ? null : toDecimalString(pct),
  } as T extends Dec ? RoiFigures : NullableRoi;
}
