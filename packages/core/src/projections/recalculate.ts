import { Dec } from '../decimal.ts';
import { type DecimalLike, decString, parseDecimal, ratioString, toDec } from './numbers.ts';
import { type SellRow, sortRows } from './rows.ts';

/** Numbers about the projection and the coin that the per-row extras need. All optional. */
export interface ProjectionContext {
  investedCapital?: DecimalLike;
  /** Unknown supply (null) makes implied market caps null. */
  circulatingSupply?: DecimalLike;
  currentPrice?: DecimalLike;
  athPrice?: DecimalLike;
}

export interface RowFigures {
  id: string | null;
  transaction_order: number;
  /** Both coins_sold and price_per_coin are filled, so the row enters the sums. */
  counted: boolean;
  /** The row asked for more coins than remained, so `coinsSold` was capped. */
  capped: boolean;
  coinsSold: string;
  pricePerCoin: string;
  gross: string;
  fee: string;
  tax: string;
  net: string;
  cumulativeCashOut: string;
  remainingAfter: string;
  profitSoFar: string;
  roiMultipleSoFar: string | null;
  impliedMarketCap: string | null;
  priceVsCurrent: string | null;
  priceVsAth: string | null;
  effectivePrice: string;
  grossAtEffectivePrice: string;
}

export interface ProjectionFigures {
  remainingTokens: string;
  totalCoinsSold: string;
  totalGross: string;
  totalFees: string;
  totalTax: string;
  totalCashOut: string;
  /** Total gross ÷ total coins sold; null until something is sold (no division by zero). */
  averageSellPrice: string | null;
  /** Total cash out − invested capital. */
  profit: string;
  /** Total cash out ÷ invested capital; null when capital is 0. */
  roiMultiple: string | null;
  rows: RowFigures[];
}

const zero = new Dec(0);
const one = new Dec(1);
const hundredth = new Dec('0.01');

function positiveOrNull(value: DecimalLike): Dec | null {
  const d = parseDecimal(value);
  return d?.gt(0) ? d : null;
}

function reciprocal(value: DecimalLike): Dec | null {
  const d = positiveOrNull(value);
  return d === null ? null : one.div(d);
}

/**
 * Recalculation, exactly, for each row with both coins_sold and price_per_coin:
 * sold = min(coins sold, remaining); gross = sold × price; fee = gross × fees% / 100;
 * tax = gross × sellTax / 100; cash out accumulates gross − fee − tax;
 * average sell price = total gross / total coins sold.
 *
 * The projection's sell tax applies to every row: a row's own `sell_tax` is a copy
 * made when the row was created and may be stale after the projection is edited.
 *
 * Price impact: the spec lists price_impact_percentage but its formulas do not use it,
 * so the spec's figures ignore it. We ALSO report, for information only, the effective
 * price after impact, price × (1 − impact / 100), and the gross at that price; they
 * never enter cash out, averages or profit.
 *
 * Rows that are not counted still get market figures when they have a price, so the
 * table can show a market cap while the user is still typing the coins.
 */
export function recalculate(
  rows: readonly SellRow[],
  tokensOwned: DecimalLike,
  sellTax: DecimalLike,
  context: ProjectionContext = {},
): ProjectionFigures {
  // Percent rates are multiplied by 0.01 rather than divided by 100: the same exact
  // result, and multiplication is the cheaper operation (1,000 rows recalculate live).
  const taxRate = toDec(sellTax).times(hundredth);
  const capital = toDec(context.investedCapital);
  const hasCapital = capital.gt(0);
  const supply = positiveOrNull(context.circulatingSupply);
  // Per-row ratios multiply by a reciprocal taken once: a 40-digit division costs about
  // ten multiplications, and the ratios are rounded to 18 decimals for display anyway.
  const perCapital = hasCapital ? one.div(capital) : null;
  const perCurrent = reciprocal(context.currentPrice);
  const perAth = reciprocal(context.athPrice);

  const owned = toDec(tokensOwned);
  let remaining = owned.gt(0) ? owned : zero;
  let totalSold = zero;
  let totalGross = zero;
  let totalFees = zero;
  let totalTax = zero;
  let cashOut = zero;

  // Running strings only change when a counted row moves them; reuse them otherwise.
  let cashOutText = '0';
  let remainingText = decString(remaining);
  let profitText = decString(cashOut.minus(capital));
  let roiText: string | null = hasCapital ? '0' : null;

  const figures: RowFigures[] = [];
  for (const row of sortRows(rows)) {
    const requested = positiveOrNull(row.coins_sold);
    const price = positiveOrNull(row.price_per_coin);
    const counted = requested !== null && price !== null;
    let sold = zero;
    let capped = false;
    let grossText = '0';
    let feeText = '0';
    let taxText = '0';
    let netText = '0';
    if (counted) {
      capped = requested.gt(remaining);
      sold = capped ? remaining : requested;
      const gross = sold.times(price);
      const feeRate = parseDecimal(row.fees_percentage);
      const fee = feeRate === null || feeRate.isZero() ? zero : gross.times(feeRate).times(hundredth);
      const tax = gross.times(taxRate);
      const net = gross.minus(fee).minus(tax);
      remaining = remaining.minus(sold);
      totalSold = totalSold.plus(sold);
      totalGross = totalGross.plus(gross);
      totalFees = totalFees.plus(fee);
      totalTax = totalTax.plus(tax);
      cashOut = cashOut.plus(net);
      grossText = decString(gross);
      feeText = decString(fee);
      taxText = decString(tax);
      netText = decString(net);
      cashOutText = decString(cashOut);
      remainingText = decString(remaining);
      profitText = decString(cashOut.minus(capital));
      roiText = perCapital === null ? null : ratioString(cashOut.times(perCapital));
    }
    const impact = parseDecimal(row.price_impact_percentage);
    const effectivePrice =
      price === null
        ? zero
        : impact === null || impact.isZero()
          ? price
          : price.times(one.minus(impact.times(hundredth)));
    const priceText = price === null ? '0' : decString(price);
    const effectiveText = effectivePrice === price ? priceText : decString(effectivePrice);
    figures.push({
      id: row.id === '' ? null : row.id,
      transaction_order: row.transaction_order,
      counted,
      capped,
      coinsSold: decString(sold),
      pricePerCoin: priceText,
      gross: grossText,
      fee: feeText,
      tax: taxText,
      net: netText,
      cumulativeCashOut: cashOutText,
      remainingAfter: remainingText,
      profitSoFar: profitText,
      roiMultipleSoFar: roiText,
      impliedMarketCap: price !== null && supply !== null ? decString(price.times(supply)) : null,
      priceVsCurrent: price !== null && perCurrent !== null ? ratioString(price.times(perCurrent)) : null,
      priceVsAth: price !== null && perAth !== null ? ratioString(price.times(perAth)) : null,
      effectivePrice: effectiveText,
      grossAtEffectivePrice: counted ? decString(sold.times(effectivePrice)) : '0',
    });
  }

  return {
    remainingTokens: decString(remaining),
    totalCoinsSold: decString(totalSold),
    totalGross: decString(totalGross),
    totalFees: decString(totalFees),
    totalTax: decString(totalTax),
    totalCashOut: decString(cashOut),
    averageSellPrice: totalSold.gt(0) ? ratioString(totalGross.div(totalSold)) : null,
    profit: decString(cashOut.minus(capital)),
    roiMultiple: perCapital === null ? null : ratioString(cashOut.times(perCapital)),
    rows: figures,
  };
}
