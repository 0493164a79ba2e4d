import { pairProblem } from './decisions.ts';
import { isTaken, type MatchState, pairKey, take } from './match-state.ts';
import type { PreparedMovement } from './prepare-movements.ts';

/**
 * More movements than this under one id is not one transfer seen from two sides but a value a
 * source repeats on every row (an account or batch reference): pairing inside it would cost the
 * square of its size and prove nothing, so the window rules judge those rows instead.
 */
const largestHashGroup = 32;

/**
 * An out and an in of one coin that carry the same transaction id are the same coins on the
 * chain: matched without the time window or the fee limit (a confirmation can take days, a
 * withdrawal fee can pass 1 % of a small amount). Only a one-to-one pair inside the id's group is
 * taken; a batch paying several of the user's portfolios is left to the window rules, where the
 * quantities tell the pairs apart.
 */
export function matchByHash(state: MatchState): void {
  // Most ids occur once (a payment to or from outside): kept as the movement itself, not a list.
  // Grouped by id alone: the fit test below requires one coin, so a transaction that moved two
  // coins splits into two independent pairs.
  const byHash = new Map<string, PreparedMovement | PreparedMovement[]>();
  for (const m of state.movements.list) {
    if (m.hash === null || isTaken(state, m)) continue;
    const seen = byHash.get(m.hash);
    if (seen === undefined) byHash.set(m.hash, m);
    else if (Array.isArray(seen)) seen.push(m);
    else byHash.set(m.hash, [seen, m]);
  }
  for (const group of byHash.values()) {
    if (Array.isArray(group) && group.length <= largestHashGroup) matchGroup(state, group);
  }
}

/** Takes each out whose only fit in the group is an in that fits only it. */
function matchGroup(state: MatchState, group: readonly PreparedMovement[]): void {
  const outs = group.filter((m) => m.isOut);
  const ins = group.filter((m) => !m.isOut);
  const fitsOfIn = new Map<PreparedMovement, number>();
  const fitsOfOut = outs.map((out) => {
    const fits = ins.filter((arrived) => fitsByHash(state, out, arrived));
    for (const arrived of fits) fitsOfIn.set(arrived, (fitsOfIn.get(arrived) ?? 0) + 1);
    return fits;
  });
  outs.forEach((out, i) => {
    const fits = fitsOfOut[i] ?? [];
    const arrived = fits[0];
    if (fits.length === 1 && arrived && fitsOfIn.get(arrived) === 1) take(state, out, arrived, 'tx_hash');
  });
}

function fitsByHash(state: MatchState, out: PreparedMovement, arrived: PreparedMovement): boolean {
  return (
    pairProblem(out, arrived) === null &&
    arrived.quantity <= out.quantity &&
    !state.rejected.has(pairKey(state, out, arrived))
  );
}
