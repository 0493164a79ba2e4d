import { Dec } from '../decimal.ts';
import { type DecimalLike, decString, parseDecimal, toDec } from './numbers.ts';
import type { RowFigures } from './recalculate.ts';
import type { SellRow } from './rows.ts';

const zero = new Dec(0);
const hundredth = new Dec('0.01');

/**
 * What a rung's figures give the take-home: the coins it sells at the price price impact leaves
 * (`grossAtEffectivePrice` is sold × price × (1 − impact / 100)) and whether it counts at all.
 */
export type TakeHomeFigures = Pick<RowFigures, 'counted' | 'grossAtEffectivePrice'>;

/**
 * The money a rung brings home once price impact is allowed for: its gross at the effective
 * price, less the fee and the sell tax worked on that gross. The spec's cash out ignores the
 * impact; this is the figure beside it, never a replacement. A rung that does not count brings 0.
 */
export function rungTakeHome(
  figures: TakeHomeFigures,
  feesPercentage: DecimalLike,
  sellTax: DecimalLike,
): string {
  return decString(takeHomeOf(figures, feesPercentage, toDec(sellTax).times(hundredth)));
}

function takeHomeOf(figures: TakeHomeFigures, feesPercentage: DecimalLike, taxRate: Dec): Dec {
  if (!figures.counted) return zero;
  const gross = toDec(figures.grossAtEffectivePrice);
  const feeRate = parseDecimal(feesPercentage);
  const fee = feeRate === null || feeRate.isZero() ? zero : gross.times(feeRate).times(hundredth);
  return gross.minus(fee).minus(gross.times(taxRate));
}

/**
 * Every rung's take-home after price impact, and their sum. `figureOf` answers for the row at
 * the same position in `rows` (the fast recalculator's `rowFor`, or an index into its rows).
 */
export function takeHomeAfterImpact(
  rows: readonly SellRow[],
  figureOf: (index: number) => TakeHomeFigures,
  sellTax: DecimalLike,
): { rows: string[]; total: string } {
  const taxRate = toDec(sellTax).times(hundredth);
  let total = zero;
  const each = rows.map((row, index) => {
    const amount = takeHomeOf(figureOf(index), row.fees_percentage, taxRate);
    total = total.plus(amount);
    return decString(amount);
  });
  return { rows: each, total: decString(total) };
}
