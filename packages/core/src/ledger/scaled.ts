import { Dec } from '../decimal.ts';
import { OUTPUT_SCALE } from './format.ts';

/** Every decimal string the ledger writes has at most 18 decimals: a whole number of 1e-18 units. */
const unit = 10n ** BigInt(OUTPUT_SCALE);

/** A decimal string as an integer count of 1e-18 units (more decimals are rounded half-even). */
export function scaledAmount(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(value);
  if (match) {
    const scaled = BigInt((match[2] ?? '0') + (match[3] ?? '').padEnd(OUTPUT_SCALE, '0'));
    return match[1] === '-' ? -scaled : scaled;
  }
  return BigInt(new Dec(value).mul(new Dec(10).pow(OUTPUT_SCALE)).toFixed(0, Dec.ROUND_HALF_EVEN));
}

/** The double nearest-ish to a count of 1e-18 units: the same value always gives the same double. */
export function scaledToNumber(scaled: bigint): number {
  const whole = scaled / unit;
  const rest = scaled - whole * unit;
  return Number(whole) + Number(rest) / 1e18;
}
