import type { RoiFigures } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { percentage, toDecimalString } from './format.ts';
import type { LedgerTotals } from './types.ts';

/**
 * P&L of a position (or a sum of positions) at a current price. Definitions:
 * - unrealized = current value − cost basis of the units held;
 * - total = realized + unrealized;
 * - profitLossPercentage = profitLoss ÷ the cost basis it relates to × 100:
 *   realized ÷ cost of the units sold, unrealized ÷ cost basis held,
 *   total ÷ (cost of the units sold + cost basis held). A zero base gives null.
 * Without a current price the market value, unrealized and total are unknown (null), never 0.
 */
export interface PnlFigures {
  quantity: string;
  totalInvestment: string;
  costBasisPerCoin: string | null;
  currentPrice: string | null;
  totalValue: string | null;
  returns: { total: NullableRoi; unrealized: NullableRoi; realized: RoiFigures };
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
}

export function positionParts(coin: LedgerTotals, currentPrice: string | null): PnlParts {
  const quantity = new Dec(coin.quantity);
  return {
    quantity,
    costBasis: new Dec(coin.cost_basis),
    costOfUnitsSold: new Dec(coin.cost_of_units_sold),
    realized: new Dec(coin.realized_pnl),
    // Nothing held is worth 0 whatever the price, so a closed position never blocks totals.
    marketValue: quantity.isZero() ? new Dec(0) : currentPrice === null ? null : quantity.mul(currentPrice),
  };
}

/** Sum of positions (a portfolio, or all of a user's portfolios: sum each portfolio's coins). */
export function sumParts(parts: readonly PnlParts[]): PnlParts {
  let marketValue: Dec | null = new Dec(0);
  const sum = {
    quantity: new Dec(0),
    costBasis: new Dec(0),
    costOfUnitsSold: new Dec(0),
    realized: new Dec(0),
  };
  for (const p of parts) {
    sum.quantity = sum.quantity.add(p.quantity);
    sum.costBasis = sum.costBasis.add(p.costBasis);
    sum.costOfUnitsSold = sum.costOfUnitsSold.add(p.costOfUnitsSold);
    sum.realized = sum.realized.add(p.realized);
    marketValue = marketValue === null || p.marketValue === null ? null : marketValue.add(p.marketValue);
  }
  return { ...sum, marketValue };
}

export function pnlFigures(parts: PnlParts, currentPrice: string | null = null): PnlFigures {
  const unrealized = parts.marketValue === null ? null : parts.marketValue.sub(parts.costBasis);
  const total = unrealized === null ? null : parts.realized.add(unrealized);
  return {
    quantity: toDecimalString(parts.quantity),
    totalInvestment: toDecimalString(parts.costBasis),
    costBasisPerCoin: parts.quantity.isZero() ? null : toDecimalString(parts.costBasis.div(parts.quantity)),
    currentPrice,
    totalValue: parts.marketValue === null ? null : toDecimalString(parts.marketValue),
    returns: {
      total: roi(total, parts.costOfUnitsSold.add(parts.costBasis)),
      unrealized: roi(unrealized, parts.costBasis),
      realized: roi(parts.realized, parts.costOfUnitsSold),
    },
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
