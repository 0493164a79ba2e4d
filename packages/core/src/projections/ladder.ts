import { projectionMessages } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { coinsDecimals, type DecimalLike, decString, parseDecimal } from './numbers.ts';
import { localIdPrefix, nextLocalId, type SellRow } from './rows.ts';

export type LadderWeighting = 'equal' | 'front' | 'back';
export type LadderSpacing = 'linear' | 'geometric';

export interface LadderParams {
  startPrice: DecimalLike;
  endPrice: DecimalLike;
  /** Whole number, 1 to 100. */
  rungs: number;
  weighting: LadderWeighting;
  /** Percent of coins owned to sell across the ladder, 0 to 100. */
  shareOfHoldings: DecimalLike;
  tokensOwned: DecimalLike;
  /** Linear (the default) spaces prices by equal steps; geometric by equal ratios. */
  spacing?: LadderSpacing;
  /** Copied onto each row, like a blank row carries it. */
  sellTax?: DecimalLike;
  feesPercentage?: DecimalLike;
  priceImpactPercentage?: DecimalLike;
}

export type LadderField = 'startPrice' | 'endPrice' | 'rungs' | 'shareOfHoldings' | 'tokensOwned';
export type LadderErrors = Partial<Record<LadderField, string>>;

/** Our own messages: the spec has no ladder. Percent and number reuse the spec's wording. */
export const ladderMessages = {
  rungs: 'Enter a whole number of rungs from 1 to 100',
  price: 'Enter a price above 0',
} as const;

export const ladderRungsMax = 100;
/** Prices keep 12 significant digits: enough for sub-cent coins, short enough to read. */
const priceSignificantDigits = 12;

export function validateLadder(params: LadderParams): LadderErrors {
  const errors: LadderErrors = {};
  const start = parseDecimal(params.startPrice);
  const end = parseDecimal(params.endPrice);
  if (start === null || start.lte(0)) errors.startPrice = ladderMessages.price;
  if (end === null || end.lte(0)) errors.endPrice = ladderMessages.price;
  if (!Number.isInteger(params.rungs) || params.rungs < 1 || params.rungs > ladderRungsMax) {
    errors.rungs = ladderMessages.rungs;
  }
  const share = parseDecimal(params.shareOfHoldings);
  if (share === null || share.lt(0) || share.gt(100))
    errors.shareOfHoldings = projectionMessages.invalidPercentage;
  const tokens = parseDecimal(params.tokensOwned);
  if (tokens === null || tokens.lt(0)) errors.tokensOwned = projectionMessages.invalidNumber;
  return errors;
}

function ladderPrices(start: Dec, end: Dec, n: number, spacing: LadderSpacing): Dec[] {
  if (n === 1) return [start];
  const steps = n - 1;
  const prices: Dec[] = [];
  for (let i = 0; i < n; i++) {
    // The ends are exact; only interior rungs are interpolated and rounded.
    let p: Dec;
    if (i === 0) p = start;
    else if (i === steps) p = end;
    else if (spacing === 'geometric') p = start.times(end.div(start).pow(new Dec(i).div(steps)));
    else p = start.plus(end.minus(start).times(i).div(steps));
    prices.push(p.toSignificantDigits(priceSignificantDigits, Dec.ROUND_HALF_EVEN));
  }
  return prices;
}

function ladderWeights(n: number, weighting: LadderWeighting): number[] {
  return Array.from({ length: n }, (_, i) => {
    if (weighting === 'front') return n - i;
    if (weighting === 'back') return i + 1;
    return 1;
  });
}

/**
 * Fills sell rows from a price ladder. The coins to sell are share% × tokensOwned,
 * rounded DOWN to 8 decimals so the ladder never sells more than is owned. Each rung
 * takes its weight's share rounded down to 8 decimals and the last rung takes the
 * remainder, so the quantities sum to that total exactly. Front-loaded puts more coins
 * on earlier rungs (weights n..1), back-loaded on later ones (1..n).
 * Rows are numbered from 1 (they replace the table's rows); their local ids are unique
 * against `existing`, so the new rows can also be merged into it and renumbered.
 */
export function generateLadder(params: LadderParams, existing: readonly SellRow[] = []): SellRow[] {
  const errors = validateLadder(params);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new RangeError(first);

  const start = parseDecimal(params.startPrice) ?? new Dec(0);
  const end = parseDecimal(params.endPrice) ?? new Dec(0);
  const share = parseDecimal(params.shareOfHoldings) ?? new Dec(0);
  const tokens = parseDecimal(params.tokensOwned) ?? new Dec(0);
  const n = params.rungs;

  const total = tokens.times(share).div(100).toDecimalPlaces(coinsDecimals, Dec.ROUND_DOWN);
  const prices = ladderPrices(start, end, n, params.spacing ?? 'linear');
  const weights = ladderWeights(n, params.weighting);
  const weightSum = weights.reduce((a, b) => a + b, 0);

  const firstId = Number(nextLocalId(existing).slice(localIdPrefix.length));
  let allocated = new Dec(0);
  return prices.map((price, i) => {
    const isLast = i === n - 1;
    const qty = isLast
      ? total.minus(allocated)
      : total
          .times(weights[i] ?? 0)
          .div(weightSum)
          .toDecimalPlaces(coinsDecimals, Dec.ROUND_DOWN);
    allocated = allocated.plus(qty);
    return {
      id: `${localIdPrefix}${firstId + i}`,
      coins_sold: decString(qty),
      price_per_coin: decString(price),
      fees_percentage: params.feesPercentage ?? '0',
      price_impact_percentage: params.priceImpactPercentage ?? '0',
      sell_tax: params.sellTax ?? '',
      transaction_order: i + 1,
    };
  });
}
