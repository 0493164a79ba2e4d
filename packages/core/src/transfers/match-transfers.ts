import { applyConfirmed, applyManual, planDecisions } from './decisions.ts';
import { matchByHash } from './hash-phase.ts';
import { createMatchState, type PendingMatch } from './match-state.ts';
import { prepareMovements } from './prepare-movements.ts';
import { formatScaled } from './scaled-quantity.ts';
import type { TransferDecision, TransferMatch, TransferMatchResult, TransferMovement } from './types.ts';
import { matchByWindow } from './window-phase.ts';

/**
 * Finds the user's own transfers among withdrawals and deposits from every source. A pair is an
 * out and an in of the same coin in two different portfolios; each movement is in one pair at
 * most. In order of precedence:
 * 1. pairs the user made by hand (`manual` decisions);
 * 2. pairs sharing a transaction id → matched;
 * 3. proposals the user confirmed, while they still fit the window rules → matched;
 * 4. the window rules: the in arrives from 1 hour before to 24 hours after the out, and is the out
 *    less at most 1 % (or exactly less the out's stated fee); a pair that fits only each other →
 *    proposed, anything with several fits → ambiguous.
 * Rejected pairs are never made by steps 2-4. Pure and deterministic: the same movements and
 * decisions give the same result in any input order.
 * @throws TransferInputError for a movement with a bad date, quantity, fee or direction, or a
 *   repeated id.
 */
export function matchTransfers(
  movements: readonly TransferMovement[],
  decisions: readonly TransferDecision[] = [],
): TransferMatchResult {
  const prepared = prepareMovements(movements);
  const state = createMatchState(prepared);
  const plan = planDecisions(decisions, state);
  applyManual(plan, state);
  matchByHash(state);
  applyConfirmed(plan, state);
  const windowed = matchByWindow(state);

  const placed = new Uint8Array(prepared.list.length);
  const toMatch = (m: PendingMatch): TransferMatch => {
    placed[m.out.rank] = 1;
    placed[m.in.rank] = 1;
    return {
      outId: m.out.movement.id,
      inId: m.in.movement.id,
      reason: m.reason,
      networkFee: formatScaled(m.out.quantity - m.in.quantity, prepared.scale),
      hoursApart: hoursBetween(m.out.at, m.in.at),
    };
  };
  const byOut = (a: PendingMatch, b: PendingMatch) => a.out.rank - b.out.rank;
  const result: TransferMatchResult = {
    matched: state.matches.sort(byOut).map(toMatch),
    proposed: windowed.proposed.map(toMatch),
    ambiguous: windowed.ambiguous.map(({ movement, candidates }) => {
      placed[movement.rank] = 1;
      return { movementId: movement.movement.id, candidateIds: candidates.map((c) => c.movement.id) };
    }),
    unmatchedOut: [],
    unmatchedIn: [],
    ignoredDecisions: state.ignored
      .sort((a, b) => a.index - b.index)
      .map(({ decision, reason }) => ({ decision, reason })),
  };
  for (const m of prepared.list) {
    if (placed[m.rank]) continue;
    (m.isOut ? result.unmatchedOut : result.unmatchedIn).push(m.movement.id);
  }
  return result;
}

/** Hours to two decimals (36 s), without a -0 for an in stamped a moment early. */
function hoursBetween(outAt: number, inAt: number): number {
  const hours = Math.round((inAt - outAt) / 36_000) / 100;
  return hours === 0 ? 0 : hours;
}
