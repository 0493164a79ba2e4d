import type { AlertOperator } from '@app/contracts';

/** Where the left operand stood relative to the right one. */
export type AlertRelation = 'above' | 'equal' | 'below';

/**
 * What the engine persists per alert between evaluations (two nullable columns). It records
 * facts, not the operator's verdict, so it means the same whatever the operator is; still, reset
 * it to `initialAlertState` whenever the condition (left, op, right) or coin is edited.
 */
export interface AlertState {
  /** Relation at the last evaluation that had both values; null before the first. */
  last: AlertRelation | null;
  /** Last relation that was not `equal`; null if the sides have never differed. */
  lastStrict: 'above' | 'below' | null;
}

export const initialAlertState: Readonly<AlertState> = Object.freeze({ last: null, lastStrict: null });

/** Both operand values at one evaluation. */
export interface ConditionSample {
  left: number;
  right: number;
}

export interface Decision {
  fired: boolean;
  state: AlertState;
}

export function alertRelation(sample: ConditionSample): AlertRelation {
  if (sample.left > sample.right) return 'above';
  if (sample.left < sample.right) return 'below';
  return 'equal';
}

const holds = (op: '>=' | '<=', relation: AlertRelation): boolean =>
  relation === 'equal' || relation === (op === '>=' ? 'above' : 'below');

/**
 * Decides whether an alert fires at this evaluation.
 *
 * - `>=` / `<=` are edge-triggered: fire when the condition holds now and did not hold at the last
 *   evaluation. "Did not hold" includes "never evaluated", so a brand-new alert whose condition
 *   already holds fires once; it then stays quiet until the condition is false again (re-armed).
 * - `crosses_above` fires when left is strictly above right now and was strictly below at the
 *   last evaluation where the two differed. Equality is a touch, not a side: below → equal → above
 *   fires once (on reaching above), above → equal → above never fires, below → equal → below
 *   never fires. A strict-only rule (prev < and now >) would miss the first; TradingView's
 *   (prev ≤ and now >) would wrongly fire on the second. `crosses_below` mirrors it.
 *   A crossing needs an earlier strict side, so the first evaluation never fires.
 * - No sample (an operand lacks history, or a value is not finite) → no firing and the state is
 *   kept, so an alert never fires on a half-computed value and resumes cleanly once data exists.
 */
export function decideAlertFiring(
  op: AlertOperator,
  sample: ConditionSample | null,
  state: AlertState,
): Decision {
  if (sample === null || !Number.isFinite(sample.left) || !Number.isFinite(sample.right)) {
    return { fired: false, state };
  }
  const now = alertRelation(sample);
  const next: AlertState = { last: now, lastStrict: now === 'equal' ? state.lastStrict : now };

  switch (op) {
    case '>=':
    case '<=':
      return { fired: holds(op, now) && !(state.last !== null && holds(op, state.last)), state: next };
    case 'crosses_above':
      return { fired: now === 'above' && state.lastStrict === 'below', state: next };
    case 'crosses_below':
      return { fired: now === 'below' && state.lastStrict === 'above', state: next };
  }
}

/** Whether the next qualifying evaluation would fire (for an "armed" / "triggered" badge). */
export function isAlertArmed(op: AlertOperator, state: AlertState): boolean {
  switch (op) {
    case '>=':
    case '<=':
      return state.last === null || !holds(op, state.last);
    case 'crosses_above':
      return state.lastStrict === 'below';
    case 'crosses_below':
      return state.lastStrict === 'above';
  }
}
