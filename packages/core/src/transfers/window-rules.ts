/** A deposit later than this after its withdrawal is treated as a separate event. */
export const arrivalWindowMs = 24 * 3_600_000;
/** Two sources' clocks disagree: a deposit stamped this much before its withdrawal still pairs. */
export const earlyArrivalMs = 3_600_000;
/** The most of an out a network fee may take for a pair to be proposed without an explicit fee. */
export const maximumFeePercent = 1n;

export function arrivesInWindow(outAt: number, inAt: number): boolean {
  return inAt >= outAt - earlyArrivalMs && inAt <= outAt + arrivalWindowMs;
}

/**
 * Whether an in can be the out after its network fee: never more than the out, and either at most
 * 1 % less, or exactly the out less the fee it states (a withdrawal fee may pass 1 % on a small
 * amount, and then the stated figure is the evidence).
 */
export function quantityFits(out: bigint, fee: bigint | null, arrived: bigint): boolean {
  if (arrived > out) return false;
  if (fee !== null && out - fee === arrived) return true;
  return (out - arrived) * 100n <= out * maximumFeePercent;
}

/** The least an in may be for `quantityFits` without an explicit fee: ⌈out × 99 / 100⌉. */
export function leastArrival(out: bigint): bigint {
  const kept = out * (100n - maximumFeePercent);
  return (kept + 99n) / 100n;
}
