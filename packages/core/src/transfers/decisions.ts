import { isTaken, type MatchState, pairKey, take } from './match-state.ts';
import type { PreparedMovement } from './prepare-movements.ts';
import type { IgnoredDecisionReason, TransferDecision } from './types.ts';
import { arrivesInWindow, quantityFits } from './window-rules.ts';

export interface ResolvedDecision {
  index: number;
  decision: TransferDecision;
  out: PreparedMovement;
  in: PreparedMovement;
}

/** The decisions still in force, latest first: a later word on a pair or a movement wins. */
export interface DecisionPlan {
  manual: ResolvedDecision[];
  confirmed: ResolvedDecision[];
}

/**
 * Keeps the latest decision per pair, records rejections in the state and returns the manual and
 * confirmed pairs to apply. Decisions naming a movement that is not in the input are ignored.
 */
export function planDecisions(decisions: readonly TransferDecision[], state: MatchState): DecisionPlan {
  const plan: DecisionPlan = { manual: [], confirmed: [] };
  const seen = new Set<string>();
  for (let index = decisions.length - 1; index >= 0; index--) {
    const decision = decisions[index] as TransferDecision;
    const ignore = (reason: IgnoredDecisionReason) => state.ignored.push({ index, decision, reason });
    const key = `${decision.outId}\u0000${decision.inId}`;
    if (seen.has(key)) {
      ignore('superseded');
      continue;
    }
    seen.add(key);
    const out = state.movements.byId.get(decision.outId);
    const arrived = state.movements.byId.get(decision.inId);
    if (!out || !arrived) {
      ignore('unknown_movement');
      continue;
    }
    if (decision.kind === 'rejected') state.rejected.add(pairKey(state, out, arrived));
    else plan[decision.kind].push({ index, decision, out, in: arrived });
  }
  return plan;
}

/** What no match may break, by hand or not: an out to an in of the same coin in another portfolio. */
export function pairProblem(out: PreparedMovement, arrived: PreparedMovement): IgnoredDecisionReason | null {
  if (!out.isOut || arrived.isOut) return 'not_out_and_in';
  if (out.movement.coinId !== arrived.movement.coinId) return 'different_coins';
  if (out.movement.portfolioId === arrived.movement.portfolioId) return 'same_portfolio';
  return null;
}

/**
 * The user's own pairs, before anything automatic. They may ignore the window and the fee limit,
 * but the in can never exceed the out: the difference is booked as the fee's disposal.
 */
export function applyManual(plan: DecisionPlan, state: MatchState): void {
  for (const d of plan.manual) {
    const reason =
      pairProblem(d.out, d.in) ??
      (d.in.quantity > d.out.quantity ? 'in_exceeds_out' : null) ??
      (isTaken(state, d.out) || isTaken(state, d.in) ? 'movement_taken' : null);
    if (reason) state.ignored.push({ index: d.index, decision: d.decision, reason });
    else take(state, d.out, d.in, 'manual');
  }
}

/**
 * Accepted proposals, after hash matches: the user settled which candidate it is, so a second
 * candidate arriving later does not undo it; data edited out of the rules does.
 */
export function applyConfirmed(plan: DecisionPlan, state: MatchState): void {
  for (const d of plan.confirmed) {
    const holder = state.takenBy[d.out.rank];
    // Matched by hash already, to the same in: the confirmation holds, nothing to add.
    if (holder && holder === state.takenBy[d.in.rank]) continue;
    const reason =
      pairProblem(d.out, d.in) ??
      (holder || isTaken(state, d.in) ? 'movement_taken' : null) ??
      (arrivesInWindow(d.out.at, d.in.at) && quantityFits(d.out.quantity, d.out.fee, d.in.quantity)
        ? null
        : 'no_longer_fits');
    if (reason) state.ignored.push({ index: d.index, decision: d.decision, reason });
    else take(state, d.out, d.in, 'confirmed');
  }
}
