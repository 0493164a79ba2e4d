/** A step of 1/1000 of the week's range is under 0.03 px on a 32 px sparkline. */
const defaultResolution = 1000;
/** Number#toFixed accepts at most 100 digits; a range this tiny keeps 6 significant digits. */
const maxDecimals = 20;

function sixDigits(price: number): number {
  return Number(price.toPrecision(6));
}

/**
 * A sparkline series rounded to what a drawing of it can show: to a power-of-ten step no larger
 * than 1/`resolution` of the series' own range, and never finer than 6 significant digits,
 * whichever is coarser. A volatile coin keeps 4–5 digits; a stablecoin, whose range is tiny
 * next to its price, keeps 6. Fewer digits are fewer bytes for every list request.
 */
export function compactSparkline(prices: readonly number[], resolution = defaultResolution): number[] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const p of prices) {
    if (p < min) min = p;
    if (p > max) max = p;
  }
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return prices.map(sixDigits);
  const exponent = Math.floor(Math.log10(span / resolution));
  const decimals = Math.max(0, -exponent);
  if (decimals > maxDecimals) return prices.map(sixDigits);
  const step = 10 ** exponent;
  return prices.map((p) => {
    const six = sixDigits(p);
    const stepped = Number((Math.round(p / step) * step).toFixed(decimals));
    return Math.abs(stepped - p) > Math.abs(six - p) ? stepped : six;
  });
}
