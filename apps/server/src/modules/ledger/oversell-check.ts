import type { OversellViolation } from '@app/contracts';
import { type LedgerChange, type LedgerTransaction, runningBalanceOversells } from '@app/core';

/** Something that holds a portfolio's stored timeline per coin (the ledger cache's book). */
export interface CoinTimelines {
  coinTransactions(coinId: string): readonly LedgerTransaction[];
}

/**
 * One change to one portfolio's ledger. An update or a delete names the coin of the stored row
 * it replaces, so only the coins a write touches are replayed (oversell never depends on others).
 */
export type LedgerEdit =
  | { portfolioId: string; change: Extract<LedgerChange, { kind: 'create' }> }
  | { portfolioId: string; change: Exclude<LedgerChange, { kind: 'create' }>; storedCoinId: string };

export interface Oversell {
  portfolioId: string;
  violation: OversellViolation;
}

/**
 * The one oversell check of every ledger write and every check before one (such a write is
 * stopped): each portfolio's touched coins are run through with the edits applied, keeping one
 * running balance per coin (quantities are all an oversell depends on), and every
 * oversell is returned in timeline order, portfolios in the order the edits name them. Creates
 * without `created_at` sort after stored rows at the same instant, in edit order.
 */
export function findOversells(
  books: ReadonlyMap<string, CoinTimelines>,
  edits: readonly LedgerEdit[],
): Oversell[] {
  const byPortfolio = new Map<string, LedgerEdit[]>();
  for (const edit of edits) {
    const list = byPortfolio.get(edit.portfolioId);
    if (list) list.push(edit);
    else byPortfolio.set(edit.portfolioId, [edit]);
  }
  const out: Oversell[] = [];
  for (const [portfolioId, list] of byPortfolio) {
    const book = books.get(portfolioId);
    if (!book) throw new Error(`no timeline loaded for portfolio ${portfolioId}`);
    for (const violation of runningBalanceOversells(replayed(book, list))) {
      out.push({ portfolioId, violation });
    }
  }
  return out;
}

/** The coins of one portfolio the edits touch: what its check must read. */
export function touchedCoins(edits: readonly LedgerEdit[], portfolioId: string): string[] {
  const coins = new Set<string>();
  for (const edit of edits) {
    if (edit.portfolioId !== portfolioId) continue;
    if ('storedCoinId' in edit) coins.add(edit.storedCoinId);
    if (edit.change.kind !== 'delete') coins.add(edit.change.transaction.coin_id);
  }
  return [...coins];
}

/**
 * The touched coins' rows after the edits, as applying them one by one with core's
 * `applyChange` would leave them (an update keeps the stored row's entry time), without copying
 * the timeline once per edit: an import adds thousands of rows.
 */
function replayed(book: CoinTimelines, edits: readonly LedgerEdit[]): LedgerTransaction[] {
  const coins = new Set<string>();
  const removed = new Set<string>();
  const replaced = new Map<string, LedgerTransaction>();
  const added: LedgerTransaction[] = [];
  for (const edit of edits) {
    if (!('storedCoinId' in edit)) {
      coins.add(edit.change.transaction.coin_id);
      added.push(edit.change.transaction);
    } else if (edit.change.kind === 'delete') {
      coins.add(edit.storedCoinId);
      removed.add(edit.change.transactionId);
    } else {
      coins.add(edit.storedCoinId);
      coins.add(edit.change.transaction.coin_id);
      replaced.set(edit.change.transaction.id, edit.change.transaction);
    }
  }
  const rows: LedgerTransaction[] = [];
  for (const coinId of coins) {
    for (const tx of book.coinTransactions(coinId)) {
      if (removed.has(tx.id)) continue;
      const next = replaced.get(tx.id);
      rows.push(next ? { ...next, created_at: tx.created_at } : tx);
    }
  }
  rows.push(...added);
  return rows;
}
