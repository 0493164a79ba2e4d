import { parseInstant } from '../ledger/timeline.ts';
import { type DecimalDigits, decimalDigits, toScaled } from './scaled-quantity.ts';
import { timeOrder } from './time-order.ts';
import { normaliseTxHash } from './tx-hash.ts';
import type { TransferMovement } from './types.ts';

/** A movement the matcher cannot read; names the movement and the field so the caller can fix it. */
export class TransferInputError extends Error {
  override name = 'TransferInputError';
  constructor(
    readonly movementId: string,
    readonly field: string,
    detail: string,
  ) {
    super(`movement ${movementId}: ${field} ${detail}`);
  }
}

/**
 * A movement parsed once. `rank` is its place in (executedAt, id) order: every list the matcher
 * returns follows it, so the result does not depend on the order of the input.
 */
export interface PreparedMovement {
  rank: number;
  movement: TransferMovement;
  isOut: boolean;
  at: number;
  quantity: bigint;
  /** Outs only; null when none is stated. */
  fee: bigint | null;
  hash: string | null;
}

export interface PreparedMovements {
  /** In rank order. */
  list: PreparedMovement[];
  byId: Map<string, PreparedMovement>;
  /** Decimal places of the scaled quantities. */
  scale: number;
}

/**
 * Reads every movement first (its instant, and the largest number of decimal places), then builds
 * each record with its quantities scaled to those places, so that all of them compare as integers,
 * and ranks the records in time order.
 */
export function prepareMovements(movements: readonly TransferMovement[]): PreparedMovements {
  const count = movements.length;
  const ats = new Float64Array(count);
  const quantities: DecimalDigits[] = new Array(count);
  const fees: (DecimalDigits | null)[] = new Array(count);
  let scale = 0;
  for (let i = 0; i < count; i++) {
    const movement = movements[i] as TransferMovement;
    const { id, direction } = movement;
    if (direction !== 'out' && direction !== 'in') {
      throw new TransferInputError(id, 'direction', `must be 'out' or 'in', not ${String(direction)}`);
    }
    const at = parseInstant(movement.executedAt);
    if (Number.isNaN(at)) {
      throw new TransferInputError(id, 'executedAt', `is not a date: ${movement.executedAt}`);
    }
    const quantity = decimalDigits(movement.quantity);
    if (!quantity || (quantity.whole === '0' && quantity.fraction === '')) {
      throw new TransferInputError(id, 'quantity', `must be a decimal greater than 0: ${movement.quantity}`);
    }
    let fee: DecimalDigits | null = null;
    if (direction === 'out' && movement.fee !== null && movement.fee !== undefined) {
      fee = decimalDigits(movement.fee);
      if (!fee) throw new TransferInputError(id, 'fee', `must be a decimal of at least 0: ${movement.fee}`);
      if (fee.fraction.length > scale) scale = fee.fraction.length;
    }
    if (quantity.fraction.length > scale) scale = quantity.fraction.length;
    ats[i] = at;
    quantities[i] = quantity;
    fees[i] = fee;
  }

  const records: PreparedMovement[] = new Array(count);
  const byId = new Map<string, PreparedMovement>();
  for (let i = 0; i < count; i++) {
    const movement = movements[i] as TransferMovement;
    const fee = fees[i] ?? null;
    const prepared: PreparedMovement = {
      rank: 0,
      movement,
      isOut: movement.direction === 'out',
      at: ats[i] as number,
      quantity: toScaled(quantities[i] as DecimalDigits, scale),
      fee: fee === null ? null : toScaled(fee, scale),
      hash: normaliseTxHash(movement.txHash),
    };
    if (byId.has(movement.id)) throw new TransferInputError(movement.id, 'id', 'appears twice');
    byId.set(movement.id, prepared);
    records[i] = prepared;
  }
  const order = timeOrder(ats, (position) => (movements[position] as TransferMovement).id);
  const list: PreparedMovement[] = new Array(count);
  for (let rank = 0; rank < count; rank++) {
    const prepared = records[order[rank] as number] as PreparedMovement;
    prepared.rank = rank;
    list[rank] = prepared;
  }
  return { list, byId, scale };
}
