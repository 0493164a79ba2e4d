import {
  isNumber,
  isPositive,
  magnitude,
  type PriceFigures,
  RowEntries,
  type RowEntry,
  zero,
} from './fast-row-entry.ts';
import { rowAmounts, type Scales, type Sums, sumExact, sumRounding } from './fast-sums.ts';
import { type DecimalLike, ratioDecimals } from './numbers.ts';
import {
  type ProjectionContext,
  type ProjectionFigures,
  type RowFigures,
  recalculate,
} from './recalculate.ts';
import type { SellRow } from './rows.ts';
import {
  divide,
  format,
  formatScaled,
  limitDigits,
  minus,
  normalise,
  outOfDomain,
  parseScaled,
  pow10,
  type Scaled,
  times,
  toPlaces,
} from './scaled.ts';

/**
 * The reference `recalculate` (decimal.js) again, in scaled integers: the same figures,
 * digit for digit (proved by recalculate-fast.test.ts), in a fraction of the time.
 *
 * The running sums every row depends on (remaining, cash out, the totals) are computed
 * for all rows at once. A row's display strings (cash out, profit, ROI, market cap,
 * multiples…) are built when the row is asked for: a virtualised table shows a screenful
 * of a 1,000-row plan. `toFigures()` builds them all (the server's routes, tests).
 */
export interface FastProjectionFigures extends Omit<ProjectionFigures, 'rows'> {
  /**
   * How the sums were made: 'exact' (no figure near 40 digits, so the reference rounds
   * nothing), 'rounding' (its every step, rounding as it does) or 'reference' (values
   * outside the scaled domain, handed to decimal.js).
   */
  readonly mode: 'exact' | 'rounding' | 'reference';
  readonly rowCount: number;
  /** The figures of `rows[inputIndex]`, whatever order the rows were passed in. */
  rowFor(inputIndex: number): RowFigures;
  /** Exactly what the reference returns, rows in transaction_order. */
  toFigures(): ProjectionFigures;
}

export type FastRecalculator = (
  rows: readonly SellRow[],
  tokensOwned: DecimalLike,
  sellTax: DecimalLike,
  context?: ProjectionContext,
) => FastProjectionFigures;

const one: Scaled = { coef: 1n, scale: 0 };
/** Below this a coefficient cannot reach 40 digits, with room for the float estimate's error. */
const exactBound = 1e39;
const ratio = (v: Scaled) => format(toPlaces(v, ratioDecimals));

const byOrder = (a: SellRow | undefined, b: SellRow | undefined) =>
  (a?.transaction_order ?? 0) - (b?.transaction_order ?? 0);

/** Sorted position → input position, stable like `sortRows`; null when already sorted. */
function sortOrder(rows: readonly SellRow[]): number[] | null {
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) sorted = byOrder(rows[i], rows[i - 1]) >= 0;
  return sorted ? null : rows.map((_, i) => i).sort((a, b) => byOrder(rows[a], rows[b]));
}

function inputToSorted(order: number[] | null, count: number): (inputIndex: number) => number {
  if (order === null) return (i) => i;
  const inverse = new Array<number>(count);
  order.forEach((input, sorted) => {
    inverse[input] = sorted;
  });
  return (i) => inverse[i] ?? i;
}

/** Values beyond the scaled domain (typed "1e400"): the reference answers for the whole plan. */
function referenceFigures(
  rows: readonly SellRow[],
  order: number[] | null,
  tokensOwned: DecimalLike,
  sellTax: DecimalLike,
  context: ProjectionContext,
): FastProjectionFigures {
  const figures = recalculate(rows, tokensOwned, sellTax, context);
  const toSorted = inputToSorted(order, rows.length);
  const { rows: all, ...totals } = figures;
  return {
    ...totals,
    mode: 'reference',
    rowCount: all.length,
    rowFor: (i) => {
      const row = all[toSorted(i)];
      if (row === undefined) throw new RangeError(`no row ${i}`);
      return row;
    },
    toFigures: () => figures,
  };
}

/**
 * A recalculator that keeps its parse caches between calls: the live table holds one, so
 * a keystroke re-parses the edited cell and nothing else. Rows are read, never mutated.
 */
export function createFastRecalculator(remember = true): FastRecalculator {
  const entries = new RowEntries(remember);
  // Rows keep their price figures while the market stays the same: this object says which.
  let market: MarketInput = { supply: undefined, current: undefined, ath: undefined };

  return (rows, tokensOwned, sellTax, context = {}) => {
    const count = rows.length;
    const order = sortOrder(rows);
    const ownedP = parseScaled(tokensOwned);
    const taxP = parseScaled(sellTax);
    const capitalP = parseScaled(context.investedCapital);
    const supplyP = parseScaled(context.circulatingSupply);
    const currentP = parseScaled(context.currentPrice);
    const athP = parseScaled(context.athPrice);
    const fallback = () => referenceFigures(rows, order, tokensOwned, sellTax, context);
    if ([ownedP, taxP, capitalP, supplyP, currentP, athP].includes(outOfDomain)) return fallback();

    // Pass 1: the rows' parsed fields (cache hits but for edited rows), the scale each
    // kind of figure needs, and a float bound on every magnitude the sums can reach.
    const sorted = new Array<RowEntry>(count);
    let coinScale = isPositive(ownedP) ? ownedP.scale : 0;
    let priceScale = 0;
    let feeScale = 0;
    // sellTax × 0.01: the × 0.01 moves the point and never rounds; the value may.
    const taxRate: Scaled = isNumber(taxP) ? { coef: limitDigits(taxP.coef), scale: taxP.scale + 2 } : zero;
    const taxMagnitude = magnitude(taxRate);
    let bound = 0;
    for (let k = 0; k < count; k++) {
      const entry = entries.get(rows[order === null ? k : (order[k] ?? k)] as SellRow);
      if (entry.outside) return fallback();
      sorted[k] = entry;
      if (entry.counted) {
        if (entry.coins.scale > coinScale) coinScale = entry.coins.scale;
        const price = entry.price as Scaled;
        if (price.scale > priceScale) priceScale = price.scale;
        if (entry.fee !== null && entry.fee.scale > feeScale) feeScale = entry.fee.scale;
        bound += entry.grossMagnitude * (1 + entry.feeMagnitude + taxMagnitude);
      }
    }

    // Fee, tax, net and cash out share one scale, fine enough for each of them.
    const grossScale = coinScale + priceScale;
    const rateScale = Math.max(feeScale + 2, taxRate.scale);
    const scales: Scales = {
      coin: coinScale,
      price: priceScale,
      gross: grossScale,
      rate: rateScale,
      net: grossScale + rateScale,
    };
    const taxWide = taxRate.coef * pow10(rateScale - taxRate.scale);
    const owned = isPositive(ownedP) ? ownedP.coef * pow10(coinScale - ownedP.scale) : 0n;
    const exact = bound * 10 ** scales.net < exactBound && owned < BigInt(exactBound);
    const sums = (exact ? sumExact : sumRounding)(sorted, owned, scales, taxWide);
    const { circulatingSupply: supply, currentPrice: current, athPrice: ath } = context;
    if (market.supply !== supply || market.current !== current || market.ath !== ath) {
      market = { supply, current, ath };
    }
    return present(order, sorted, sums, scales, taxWide, {
      key: market,
      capital: isNumber(capitalP) ? capitalP : zero,
      supply: isPositive(supplyP) ? supplyP : null,
      current: isPositive(currentP) ? currentP : null,
      ath: isPositive(athP) ? athP : null,
    });
  };
}

interface MarketInput {
  supply: DecimalLike;
  current: DecimalLike;
  ath: DecimalLike;
}

interface Market {
  key: MarketInput;
  capital: Scaled;
  supply: Scaled | null;
  current: Scaled | null;
  ath: Scaled | null;
}

/** The totals now, each row's strings when asked for. */
function present(
  order: number[] | null,
  sorted: readonly RowEntry[],
  sums: Sums,
  scales: Scales,
  taxRate: bigint,
  market: Market,
): FastProjectionFigures {
  const count = sorted.length;
  const { capital, supply } = market;
  const perCapital = capital.coef > 0n ? divide(one, capital) : null;
  const perCurrent = market.current === null ? null : normalise(divide(one, market.current));
  const perAth = market.ath === null ? null : normalise(divide(one, market.ath));
  const atNet = (coef: bigint): Scaled => ({ coef, scale: scales.net });
  const profitText = (cash: bigint) => format(minus(atNet(cash), capital));
  const roiText = (cash: bigint) => (perCapital === null ? null : ratio(times(atNet(cash), perCapital)));

  const priceFigures = ({ price, impact }: RowEntry): PriceFigures => {
    const pricePerCoin = price === null ? '0' : format(price);
    const effective: Scaled | null =
      price === null
        ? null
        : !isNumber(impact) || impact.coef === 0n
          ? price
          : times(price, minus(one, { coef: limitDigits(impact.coef), scale: impact.scale + 2 }));
    return {
      pricePerCoin,
      effective,
      effectivePrice: effective === null ? '0' : effective === price ? pricePerCoin : format(effective),
      impliedMarketCap: price !== null && supply !== null ? format(times(price, supply)) : null,
      priceVsCurrent: price !== null && perCurrent !== null ? ratio(times(price, perCurrent)) : null,
      priceVsAth: price !== null && perAth !== null ? ratio(times(price, perAth)) : null,
    };
  };

  const built = new Array<RowFigures | undefined>(count);
  const rowAt = (k: number): RowFigures => {
    const done = built[k];
    if (done !== undefined) return done;
    const entry = sorted[k];
    if (entry === undefined) throw new RangeError(`no row ${k}`);
    const { source: row, counted } = entry;
    const sold = sums.soldOf(k);
    const cash = sums.cashOf(k);
    const amounts = counted ? rowAmounts(entry, sold, scales, taxRate) : null;
    const priced = entry.priceFigures(market.key, priceFigures);
    const figures: RowFigures = {
      id: row.id === '' ? null : row.id,
      transaction_order: row.transaction_order,
      counted,
      capped: sums.capped[k] === 1,
      coinsSold: formatScaled(sold, scales.coin),
      pricePerCoin: priced.pricePerCoin,
      gross: formatScaled(amounts?.gross ?? 0n, scales.gross),
      fee: formatScaled(amounts?.fee ?? 0n, scales.net),
      tax: formatScaled(amounts?.tax ?? 0n, scales.net),
      net: formatScaled(amounts?.net ?? 0n, scales.net),
      cumulativeCashOut: formatScaled(cash, scales.net),
      remainingAfter: formatScaled(sums.remainingOf(k), scales.coin),
      profitSoFar: profitText(cash),
      roiMultipleSoFar: roiText(cash),
      impliedMarketCap: priced.impliedMarketCap,
      priceVsCurrent: priced.priceVsCurrent,
      priceVsAth: priced.priceVsAth,
      effectivePrice: priced.effectivePrice,
      grossAtEffectivePrice:
        counted && priced.effective !== null
          ? format(times({ coef: sold, scale: scales.coin }, priced.effective))
          : '0',
    };
    built[k] = figures;
    return figures;
  };

  const totals: Omit<ProjectionFigures, 'rows'> = {
    remainingTokens: formatScaled(sums.remaining, scales.coin),
    totalCoinsSold: formatScaled(sums.totalSold, scales.coin),
    totalGross: formatScaled(sums.totalGross, scales.gross),
    totalFees: formatScaled(sums.totalFees, scales.net),
    totalTax: formatScaled(sums.totalTax, scales.net),
    totalCashOut: formatScaled(sums.cash, scales.net),
    averageSellPrice:
      sums.totalSold > 0n
        ? ratio(
            divide(
              { coef: sums.totalGross, scale: scales.gross },
              { coef: sums.totalSold, scale: scales.coin },
            ),
          )
        : null,
    profit: profitText(sums.cash),
    roiMultiple: roiText(sums.cash),
  };
  const toSorted = inputToSorted(order, count);
  return {
    ...totals,
    mode: sums.mode,
    rowCount: count,
    rowFor: (i) => rowAt(toSorted(i)),
    toFigures: () => ({ ...totals, rows: Array.from({ length: count }, (_, k) => rowAt(k)) }),
  };
}

/** A one-off recalculation (the server's routes): nothing to reuse between calls. */
export function recalculateFast(
  rows: readonly SellRow[],
  tokensOwned: DecimalLike,
  sellTax: DecimalLike,
  context: ProjectionContext = {},
): FastProjectionFigures {
  return createFastRecalculator(false)(rows, tokensOwned, sellTax, context);
}
