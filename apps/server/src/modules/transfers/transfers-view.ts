import type {
  TransferMatchReason,
  TransferMovementOut,
  TransferPair,
  TransfersResponse,
} from '@app/contracts';
import {
  arrivalWindowMs,
  Dec,
  earlyArrivalMs,
  type TransferMatch,
  type TransferMatchResult,
} from '@app/core';
import type { Movement } from './transfer-movements.ts';

function movementOut(m: Movement): TransferMovementOut {
  return {
    transaction_id: m.row.id,
    portfolio_id: m.row.portfolioId,
    portfolio_name: m.row.portfolioName,
    coin_id: m.row.coinId,
    direction: m.direction,
    quantity: m.quantity,
    executed_at: m.row.executedAt.toISOString(),
    tx_hash: m.txHash,
    source: {
      kind: m.sourceKind,
      connection_id: m.row.sourceConnectionId,
      label: m.row.connectionLabel,
    },
  };
}

const hourMs = 3_600_000;

/**
 * The owner's pairs are stored alike; one that the window rules would have proposed anyway reads
 * as a confirmation, any other as a pair made by hand.
 */
function reasonOf(match: TransferMatch, out: Movement): TransferMatchReason {
  if (match.reason !== 'manual') return match.reason;
  const inWindow =
    match.hoursApart * hourMs >= -earlyArrivalMs && match.hoursApart * hourMs <= arrivalWindowMs;
  const smallFee = new Dec(match.networkFee).mul(100).lte(out.quantity);
  return inWindow && smallFee ? 'confirmed' : 'manual';
}

/** The matcher's result in the view's words, every movement with its portfolio and source. */
export function buildTransfersView(
  movements: readonly Movement[],
  result: TransferMatchResult,
): TransfersResponse {
  const byId = new Map(movements.map((m) => [m.row.id, m]));
  const get = (id: string): Movement => {
    const m = byId.get(id);
    if (!m) throw new Error(`transfer matcher returned an unknown movement ${id}`);
    return m;
  };
  const pair = (match: TransferMatch): TransferPair => {
    const out = get(match.outId);
    return {
      out: movementOut(out),
      in: movementOut(get(match.inId)),
      reason: reasonOf(match, out),
      network_fee: match.networkFee,
      hours_apart: match.hoursApart,
    };
  };
  const unmatched = [...result.unmatchedOut, ...result.unmatchedIn]
    .map(get)
    .sort(
      (a, b) => a.row.executedAt.getTime() - b.row.executedAt.getTime() || (a.row.id < b.row.id ? -1 : 1),
    );
  return {
    matched: result.matched.map(pair),
    proposed: result.proposed.map(pair),
    ambiguous: result.ambiguous.map((a) => ({
      movement: movementOut(get(a.movementId)),
      candidates: a.candidateIds.map((id) => movementOut(get(id))),
    })),
    unmatched: unmatched.map(movementOut),
  };
}
