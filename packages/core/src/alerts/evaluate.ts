import type { AlertCondition, AlertEventOperand, AlertEventPayload, AlertOperand } from '@app/contracts';
import { type AlertState, decideAlertFiring } from './decide.ts';
import { type IndicatorSnapshot, operandValue } from './snapshot.ts';

export interface AlertEvaluation {
  /** False when an operand has no value yet: the alert waits for data and its state is unchanged. */
  evaluated: boolean;
  fired: boolean;
  state: AlertState;
  /** The notification's event_payload when fired (operand values at this moment), else null. */
  payload: AlertEventPayload | null;
}

function eventOperand(operand: AlertOperand, value: number): AlertEventOperand {
  return { type: operand.type, metric: operand.metric, params: { period: operand.params.period }, value };
}

/** The `event_payload` a firing writes: `{left:{metric, params:{period}, type, value}, op, right}`. */
export function eventPayload(condition: AlertCondition, left: number, right: number): AlertEventPayload {
  return {
    left: eventOperand(condition.left, left),
    op: condition.op,
    right: eventOperand(condition.right, right),
  };
}

/** Evaluates one active alert against its coin's snapshot. Pure: persist `state`, write `payload`. */
export function evaluateAlert(
  condition: AlertCondition,
  snapshot: IndicatorSnapshot,
  state: AlertState,
): AlertEvaluation {
  const left = operandValue(condition.left, snapshot);
  const right = operandValue(condition.right, snapshot);
  if (left === null || right === null) return { evaluated: false, fired: false, state, payload: null };
  const decision = decideAlertFiring(condition.op, { left, right }, state);
  return {
    evaluated: true,
    fired: decision.fired,
    state: decision.state,
    payload: decision.fired ? eventPayload(condition, left, right) : null,
  };
}
