import type { UnknownCostCounts } from '@app/contracts';
import { type PnlParts, toDecimalString } from '@app/core';

/*
 * What a dashboard figure left out because some units' cost is unknown, in the response's words.
 * Each count is present only when it is not 0, so a portfolio without such units reads as before.
 */

/** On a holding: its units of unknown cost and its open lots without a cost. */
export function holdingCounts(
  parts: Pick<PnlParts, 'unknownCostQuantity' | 'lotsWithoutCost'>,
): Pick<UnknownCostCounts, 'unknown_cost_quantity' | 'lots_without_cost'> {
  return {
    ...(parts.unknownCostQuantity.isZero()
      ? {}
      : { unknown_cost_quantity: toDecimalString(parts.unknownCostQuantity) }),
    ...(parts.lotsWithoutCost > 0 ? { lots_without_cost: parts.lotsWithoutCost } : {}),
  };
}

/** On a realized figure: the disposals that took units of unknown cost. */
export function disposalCounts(
  parts: Pick<PnlParts, 'disposalsWithUnknownCost'>,
): Pick<UnknownCostCounts, 'disposals_with_unknown_cost'> {
  return parts.disposalsWithUnknownCost > 0
    ? { disposals_with_unknown_cost: parts.disposalsWithUnknownCost }
    : {};
}

/** On a total over coins: lots and disposals (quantities of different coins do not add up). */
export function totalCounts(
  parts: Pick<PnlParts, 'lotsWithoutCost' | 'disposalsWithUnknownCost'>,
): Pick<UnknownCostCounts, 'lots_without_cost' | 'disposals_with_unknown_cost'> {
  return {
    ...(parts.lotsWithoutCost > 0 ? { lots_without_cost: parts.lotsWithoutCost } : {}),
    ...disposalCounts(parts),
  };
}
