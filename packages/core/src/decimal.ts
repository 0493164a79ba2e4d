import Decimal from 'decimal.js';

/** One configured constructor so every module computes with the same precision and rounding. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Dec = InstanceType<typeof Dec>;
