import { isTaken, type MatchState, pairKey } from './match-state.ts';
import type { PreparedMovement } from './prepare-movements.ts';
import { arrivalWindowMs, arrivesInWindow, earlyArrivalMs, leastArrival } from './window-rules.ts';

const dayMs = 86_400_000;

/** The ins of one coin and one UTC day, by quantity (then rank), for range look-ups. */
interface DayBucket {
  quantities: bigint[];
  movements: PreparedMovement[];
}

/**
 * The ins still free, by coin, by day and by quantity. An out's candidates lie in at most three
 * days (the window spans 25 hours) and in a narrow quantity range, so a look-up reads only the
 * ins that could fit rather than every in of the window: busy coins with thousands of deposits a
 * day stay cheap, and the whole pass stays close to linear in the number of movements.
 */
export class ArrivalIndex {
  private readonly byCoin = new Map<string, Map<number, DayBucket>>();

  constructor(private readonly state: MatchState) {
    for (const m of state.movements.list) {
      if (m.isOut || isTaken(state, m)) continue;
      let days = this.byCoin.get(m.movement.coinId);
      if (!days) {
        days = new Map();
        this.byCoin.set(m.movement.coinId, days);
      }
      const day = Math.floor(m.at / dayMs);
      const bucket = days.get(day);
      if (bucket) bucket.movements.push(m);
      else days.set(day, { quantities: [], movements: [m] });
    }
    for (const days of this.byCoin.values()) {
      for (const bucket of days.values()) {
        // Stable: equal quantities keep rank order.
        bucket.movements.sort((a, b) => (a.quantity < b.quantity ? -1 : a.quantity > b.quantity ? 1 : 0));
        bucket.quantities = bucket.movements.map((m) => m.quantity);
      }
    }
  }

  /** The free ins this out fits under the window rules, in rank order. */
  candidatesOf(out: PreparedMovement): PreparedMovement[] {
    const days = this.byCoin.get(out.movement.coinId);
    if (!days) return [];
    const found: PreparedMovement[] = [];
    const least = leastArrival(out.quantity);
    const afterFee = out.fee === null ? null : out.quantity - out.fee;
    const lastDay = Math.floor((out.at + arrivalWindowMs) / dayMs);
    for (let day = Math.floor((out.at - earlyArrivalMs) / dayMs); day <= lastDay; day++) {
      const bucket = days.get(day);
      if (!bucket) continue;
      this.collect(out, bucket, least, out.quantity, found);
      // A stated fee above 1 %: the exact remainder is a second, separate range.
      if (afterFee !== null && afterFee > 0n && afterFee < least) {
        this.collect(out, bucket, afterFee, afterFee, found);
      }
    }
    if (found.length > 1) found.sort((a, b) => a.rank - b.rank);
    return found;
  }

  private collect(
    out: PreparedMovement,
    bucket: DayBucket,
    from: bigint,
    to: bigint,
    found: PreparedMovement[],
  ): void {
    const { quantities, movements } = bucket;
    for (let i = lowerBound(quantities, from); i < quantities.length; i++) {
      if ((quantities[i] as bigint) > to) break;
      const arrived = movements[i] as PreparedMovement;
      if (
        arrived.movement.portfolioId !== out.movement.portfolioId &&
        arrivesInWindow(out.at, arrived.at) &&
        !this.state.rejected.has(pairKey(this.state, out, arrived))
      ) {
        found.push(arrived);
      }
    }
  }
}

/** The first index whose value is at least `value`. */
function lowerBound(sorted: readonly bigint[], value: bigint): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as bigint) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
