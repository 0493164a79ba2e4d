import type { CostBasisMethod, OversellViolation, TransactionPreviewResponse } from '@app/contracts';
import { computeLedger } from './engine.ts';
import type { LedgerTransaction } from './types.ts';

/** Thrown by `assertLedger`; carries the violation so a route can answer with field details. */
export class OversellError extends Error {
  constructor(readonly violation: OversellViolation) {
    super(violation.message);
    this.name = 'OversellError';
  }
}

/**
 * The first oversell in timeline order, or null. Run it on the timeline AFTER a change: deleting
 * or shrinking an earlier buy, or back-dating a sell, breaks a later sell even though the edited
 * row itself looks fine.
 */
export function validateLedger(txs: readonly LedgerTransaction[]): OversellViolation | null {
  // Oversell does not depend on the cost-basis method: quantities are the same under all of them.
  return computeLedger(txs, { explain: false }).violations[0] ?? null;
}

export function assertLedger(txs: readonly LedgerTransaction[]): void {
  const violation = validateLedger(txs);
  if (violation) throw new OversellError(violation);
}

export type LedgerChange =
  | { kind: 'create'; transaction: LedgerTransaction }
  | { kind: 'update'; transaction: LedgerTransaction }
  | { kind: 'delete'; transactionId: string };

/** The timeline as it would be after the change (an update replaces the row with the same id). */
export function applyChange(txs: readonly LedgerTransaction[], change: LedgerChange): LedgerTransaction[] {
  switch (change.kind) {
    case 'create':
      return [...txs, change.transaction];
    case 'update':
      return txs.map((tx) =>
        tx.id === change.transaction.id ? { ...change.transaction, created_at: tx.created_at } : tx,
      );
    case 'delete':
      return txs.filter((tx) => tx.id !== change.transactionId);
  }
}

export function validateChange(
  txs: readonly LedgerTransaction[],
  change: LedgerChange,
): OversellViolation | null {
  return validateLedger(applyChange(txs, change));
}

/** A transaction not saved yet: no id unless it replaces one (`replaces`). */
export type CandidateTransaction = Omit<LedgerTransaction, 'id' | 'created_at'>;

export const CANDIDATE_ID = '__candidate__';

/**
 * What saving `candidate` would do to its coin, for the form's validate-and-preview: holding and cost
 * basis before and after it, and the realized P&L of a sell. `violation` is the first oversell
 * anywhere in the resulting timeline (the candidate itself, or a later row it starves).
 */
export function previewTransaction(
  txs: readonly LedgerTransaction[],
  candidate: CandidateTransaction,
  options: { method?: CostBasisMethod | undefined; replaces?: string | undefined } = {},
): TransactionPreviewResponse {
  const method = options.method ?? 'average';
  const id = options.replaces ?? CANDIDATE_ID;
  const change: LedgerChange = options.replaces
    ? { kind: 'update', transaction: { ...candidate, id } }
    : { kind: 'create', transaction: { ...candidate, id } };
  const result = computeLedger(applyChange(txs, change), { method, explain: true });
  const step = result.steps.find((s) => s.transaction_id === id);
  const violation = result.violations[0] ?? null;
  if (step) {
    return {
      method,
      coin_id: candidate.coin_id,
      holding_before: step.holding_before,
      holding_after: step.holding_after,
      cost_basis_before: step.cost_basis_before,
      cost_basis_after: step.cost_basis_after,
      average_cost_after: step.average_cost_after,
      realized_pnl: step.realized_pnl,
      ...(step.unknown_cost_quantity_after === undefined
        ? {}
        : { unknown_cost_quantity_after: step.unknown_cost_quantity_after }),
      ...(step.lots_without_cost_after === undefined
        ? {}
        : { lots_without_cost_after: step.lots_without_cost_after }),
      ...(step.unknown_cost_quantity_removed === undefined
        ? {}
        : { unknown_cost_quantity_removed: step.unknown_cost_quantity_removed }),
      violation,
    };
  }
  // The candidate itself oversold, so it was not applied: report the position it met.
  const met = result.blocked.find((b) => b.transaction_id === id);
  const holding = met?.holding ?? '0';
  const cost = met?.cost_basis ?? '0';
  return {
    method,
    coin_id: candidate.coin_id,
    holding_before: holding,
    holding_after: holding,
    cost_basis_before: cost,
    cost_basis_after: cost,
    average_cost_after: met?.average_cost ?? null,
    realized_pnl: null,
    unknown_cost_quantity_after: met?.unknown_cost_quantity ?? '0',
    violation,
  };
}
