import { ArrivalIndex } from './arrival-index.ts';
import { isTaken, type MatchState, type PendingMatch } from './match-state.ts';
import type { PreparedMovement } from './prepare-movements.ts';

export interface PendingAmbiguous {
  movement: PreparedMovement;
  candidates: PreparedMovement[];
}

export interface WindowOutcome {
  proposed: PendingMatch[];
  ambiguous: PendingAmbiguous[];
}

/**
 * Among the movements no earlier phase took: a pair is proposed only when each side fits the other
 * and nothing else. Otherwise guessing could book the wrong deposit as the transfer, so every
 * movement with candidates is listed as ambiguous for the user to settle.
 */
export function matchByWindow(state: MatchState): WindowOutcome {
  const index = new ArrivalIndex(state);
  const { list } = state.movements;
  const fits: (PreparedMovement[] | undefined)[] = new Array(list.length);
  for (const out of list) {
    if (!out.isOut || isTaken(state, out)) continue;
    const candidates = index.candidatesOf(out);
    if (candidates.length === 0) continue;
    fits[out.rank] = candidates;
    // Outs are visited in rank order, so each in's list comes out in rank order too.
    for (const arrived of candidates) {
      const back = fits[arrived.rank];
      if (back) back.push(out);
      else fits[arrived.rank] = [out];
    }
  }

  const outcome: WindowOutcome = { proposed: [], ambiguous: [] };
  for (const m of list) {
    const candidates = fits[m.rank];
    if (!candidates) continue;
    const only = candidates.length === 1 ? (candidates[0] as PreparedMovement) : null;
    const unique = only !== null && fits[only.rank]?.length === 1;
    if (!unique) outcome.ambiguous.push({ movement: m, candidates });
    else if (m.isOut) outcome.proposed.push({ out: m, in: only, reason: 'window' });
  }
  return outcome;
}
