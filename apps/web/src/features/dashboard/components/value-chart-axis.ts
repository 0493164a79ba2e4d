import { maskIfPrivate } from '@/lib/privacy';

/** "$12K", "€1.2M": short amounts for an axis, masked in privacy mode like every amount. */
export function axisMoney(value: number, currency: string): string {
  try {
    return maskIfPrivate(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: currency.toUpperCase(),
        notation: 'compact',
        maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1,
      }).format(value),
    );
  } catch {
    return maskIfPrivate(`${value.toPrecision(3)} ${currency.toUpperCase()}`);
  }
}

const stepMultiples = [1, 2, 5, 10, 20, 50];

/**
 * Three to six round values (1, 2 or 5 × a power of ten apart) from at or below min to at or above
 * max: the axis then covers the data, and its top label is never under the line's peak. A step is
 * widened while covering both ends would take more than count + 1 intervals.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  // The tolerance keeps float noise (0.3 / 0.1 = 2.9999999999999996) from adding a whole step.
  const slack = 1e-9;
  let step = power;
  let first = 0;
  let intervals = 0;
  for (const m of stepMultiples) {
    step = m * power;
    if (step < raw) continue;
    first = Math.floor(min / step + slack);
    intervals = Math.ceil(max / step - slack) - first;
    if (intervals <= count + 1) break;
  }
  const ticks: number[] = [];
  for (let i = 0; i <= intervals; i++) ticks.push(Number(((first + i) * step).toPrecision(12)));
  return ticks;
}
