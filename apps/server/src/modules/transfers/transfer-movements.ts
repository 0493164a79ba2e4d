import type { TransferSourceKind } from '@app/contracts';
import { Dec, type TransferDecision, type TransferMovement, toDecimalString } from '@app/core';
import type { RejectedPair, TransferRow } from './transfers.repository.ts';
import { rowTxHash } from './tx-hash.ts';

/** A row as the matcher and the view read it. */
export interface Movement {
  row: TransferRow;
  direction: 'out' | 'in';
  /** Plain decimal (the column's trailing zeros dropped). */
  quantity: string;
  sourceKind: TransferSourceKind;
  txHash: string | null;
}

/**
 * Where a row came from: its connection's kind while the connection exists; once deleted (rows
 * kept), what the row still carries (an exchange's record id, or a wallet's outside id); otherwise
 * a CSV import (the exchange's own id of the record) or typed by hand.
 */
export function sourceKindOf(row: TransferRow): TransferSourceKind {
  if (row.connectionKind !== null) return row.connectionKind === 'exchange' ? 'exchange' : 'wallet';
  if (row.sourceId !== null) return row.outsideRef !== null ? 'exchange' : 'wallet';
  return row.outsideRef !== null ? 'csv' : 'manual';
}

/**
 * The user's withdrawals and deposits as movements. A connection's network-fee row is what a
 * transaction paid its network, never one half of a transfer, so it is left out.
 */
export function toMovements(rows: readonly TransferRow[]): Movement[] {
  const out: Movement[] = [];
  for (const row of rows) {
    if (row.classification === 'network_fee') continue;
    if (row.type !== 'transfer_out' && row.type !== 'transfer_in') continue;
    const sourceKind = sourceKindOf(row);
    out.push({
      row,
      direction: row.type === 'transfer_out' ? 'out' : 'in',
      quantity: toDecimalString(new Dec(row.quantity)),
      sourceKind,
      txHash: rowTxHash({
        sourceKind,
        sourceId: row.sourceId,
        outsideRef: row.outsideRef,
        txHash: row.txHash,
      }),
    });
  }
  return out;
}

export function coreMovement(m: Movement): TransferMovement {
  return {
    id: m.row.id,
    portfolioId: m.row.portfolioId,
    coinId: m.row.coinId,
    direction: m.direction,
    quantity: m.quantity,
    executedAt: m.row.executedAt.toISOString(),
    txHash: m.txHash,
    sourceKind: m.sourceKind,
  };
}

/**
 * The owner's decisions, in the order they were made. A pair whose two rows point at each other
 * (matched_transaction_id, written by a confirmation, a match by hand or a connection's "own
 * transfer") is the owner's own pair: it holds whatever the window and the fee, until undone.
 * Rejections come first: a pair made after a rejection deletes it, so a pair never has both.
 */
export function decisionsOf(
  movements: readonly Movement[],
  rejections: readonly RejectedPair[],
): TransferDecision[] {
  const byId = new Map(movements.map((m) => [m.row.id, m]));
  const decisions: TransferDecision[] = rejections.map((r) => ({
    kind: 'rejected',
    outId: r.outId,
    inId: r.inId,
  }));
  const paired = movements
    .filter((m) => m.direction === 'out' && m.row.matchedTransactionId !== null)
    .flatMap((m): [Movement, Movement][] => {
      const other = byId.get(m.row.matchedTransactionId ?? '');
      return other && other.direction === 'in' && other.row.matchedTransactionId === m.row.id
        ? [[m, other]]
        : [];
    })
    .sort(
      ([a], [b]) => a.row.updatedAt.getTime() - b.row.updatedAt.getTime() || (a.row.id < b.row.id ? -1 : 1),
    );
  for (const [o, i] of paired) decisions.push({ kind: 'manual', outId: o.row.id, inId: i.row.id });
  return decisions;
}
