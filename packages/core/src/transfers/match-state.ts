import type { PreparedMovement, PreparedMovements } from './prepare-movements.ts';
import type { IgnoredDecisionReason, MatchReason, TransferDecision } from './types.ts';

export interface PendingMatch {
  out: PreparedMovement;
  in: PreparedMovement;
  reason: MatchReason;
}

export interface PendingIgnored {
  /** Place of the decision in the caller's list: ignored decisions are returned in that order. */
  index: number;
  decision: TransferDecision;
  reason: IgnoredDecisionReason;
}

/** What the phases share: which movement is taken by which match, and the pairs never to make. */
export interface MatchState {
  movements: PreparedMovements;
  /** By rank. A movement is in at most one match: the first phase to take it keeps it. */
  takenBy: (PendingMatch | undefined)[];
  matches: PendingMatch[];
  /** Pair keys (see `pairKey`) the user rejected. */
  rejected: Set<number>;
  ignored: PendingIgnored[];
}

export function createMatchState(movements: PreparedMovements): MatchState {
  return {
    movements,
    takenBy: new Array(movements.list.length),
    matches: [],
    rejected: new Set(),
    ignored: [],
  };
}

/** One number per (out, in) pair: ranks are below the count, so the product stays exact. */
export function pairKey(state: MatchState, out: PreparedMovement, arrived: PreparedMovement): number {
  return out.rank * state.movements.list.length + arrived.rank;
}

export function isTaken(state: MatchState, movement: PreparedMovement): boolean {
  return state.takenBy[movement.rank] !== undefined;
}

export function take(
  state: MatchState,
  out: PreparedMovement,
  arrived: PreparedMovement,
  reason: MatchReason,
): void {
  const match: PendingMatch = { out, in: arrived, reason };
  state.takenBy[out.rank] = match;
  state.takenBy[arrived.rank] = match;
  state.matches.push(match);
}
