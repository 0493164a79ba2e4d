import type { LedgerTransaction } from './types.ts';

/**
 * Timeline order: executed_at, then created_at (entry order breaks ties between transactions at
 * the same instant, e.g. a buy and a sell entered for the same minute), then id. A transaction
 * without created_at (a candidate not yet saved) goes after saved ones at the same instant.
 * The sort is stable, so equal keys keep their input order.
 */
export function sortTimeline<T extends LedgerTransaction>(txs: readonly T[]): T[] {
  // Keys are parsed once, not inside the comparator (n log n Date.parse calls on 100k rows).
  const keyed = txs.map((tx, index) => ({
    tx,
    index,
    at: instant(tx.executed_at, tx.id),
    created: tx.created_at === undefined ? Number.POSITIVE_INFINITY : Date.parse(tx.created_at) || 0,
  }));
  keyed.sort(
    (a, b) =>
      a.at - b.at ||
      compareCreated(a.created, b.created) ||
      compareText(a.tx.id, b.tx.id) ||
      a.index - b.index,
  );
  return keyed.map((k) => k.tx);
}

function instant(iso: string, id: string): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) throw new LedgerInputError(id, 'executed_at', `is not a date: ${iso}`);
  return at;
}

/** Infinity (not saved yet) sorts last; Infinity − Infinity is NaN, so compare explicitly. */
function compareCreated(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Bad stored data (not a user mistake the ledger can explain): the caller should treat it as a bug. */
export class LedgerInputError extends Error {
  constructor(
    readonly transactionId: string,
    readonly field: string,
    detail: string,
  ) {
    super(`Transaction ${transactionId}: ${field} ${detail}`);
    this.name = 'LedgerInputError';
  }
}
