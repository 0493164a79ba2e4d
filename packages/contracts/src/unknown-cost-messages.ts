/**
 * How every screen and the server word a cost nobody knows (a coin received from outside, not
 * priced yet): never as 0 or a dash that reads as 0, and always saying what the figures left out.
 */
export const unknownCostMessages = {
  /** Where a price or cost would show for a transaction, lot or holding without one. */
  costUnknown: 'cost unknown',
  /** The line beside cost basis or realized gains when some lots were left out of them. */
  lotsWithoutCost: (lots: number): string =>
    lots === 1 ? '1 lot has no cost: figures exclude it' : `${lots} lots have no cost: figures exclude them`,
  /** Beside realized P&L: sales and transfers out that took units of unknown cost. */
  disposalsWithUnknownCost: (disposals: number): string =>
    disposals === 1
      ? '1 sale or transfer out took units of unknown cost: its gain leaves them out'
      : `${disposals} sales or transfers out took units of unknown cost: their gains leave them out`,
  /** Units held whose cost is unknown, with the amount already formatted by the caller. */
  unknownCostUnits: (quantity: string): string => `${quantity} of it at unknown cost`,
  /** The transaction form's hint on a transfer in without a price. */
  transferInWithoutPrice:
    'Leave the price empty if you do not know what these coins cost: they count in your holding, not in cost basis or P&L, until you give one.',
} as const;

/**
 * The sentences beside a cost basis or realized figure that left something out: lots without a
 * cost, disposals whose gain leaves units of unknown cost out. Empty when nothing was.
 */
export function unknownCostLines(counts: {
  lots_without_cost?: number | undefined;
  disposals_with_unknown_cost?: number | undefined;
}): string[] {
  const lines: string[] = [];
  const lots = counts.lots_without_cost ?? 0;
  const disposals = counts.disposals_with_unknown_cost ?? 0;
  if (lots > 0) lines.push(unknownCostMessages.lotsWithoutCost(lots));
  if (disposals > 0) lines.push(unknownCostMessages.disposalsWithUnknownCost(disposals));
  return lines;
}

/** A price or cost as `format` writes it, or "cost unknown" where there is none. */
export function costOrUnknown(value: string | null | undefined, format: (value: string) => string): string {
  return value === null || value === undefined ? unknownCostMessages.costUnknown : format(value);
}
