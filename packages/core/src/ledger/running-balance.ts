import type { OversellViolation } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { amount, isPositive, oversell } from './engine.ts';
import { LedgerInputError, sortTimeline } from './timeline.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * The oversells of a timeline from each coin's running balance alone: what `computeLedger`
 * reports in `violations`, in the same order and words, without lots, costs or steps. A write
 * checks only quantities, and this keeps one number per coin instead of an inventory, so the
 * check of a large ledger costs one parse and one addition per row. A refused disposal leaves the
 * balance as it was, as the replay skips it.
 */
export function runningBalanceOversells(txs: readonly LedgerTransaction[]): OversellViolation[] {
  const balances = new Map<string, Dec>();
  const violations: OversellViolation[] = [];
  for (const tx of sortTimeline(txs)) {
    const quantity = amount(tx, 'quantity');
    if (!isPositive(quantity)) throw new LedgerInputError(tx.id, 'quantity', 'must be greater than 0');
    const held = balances.get(tx.coin_id) ?? zero;
    if (tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in') {
      balances.set(tx.coin_id, held.add(quantity));
    } else if (quantity.gt(held)) {
      violations.push(oversell(tx, tx.type, quantity, held));
    } else {
      balances.set(tx.coin_id, held.sub(quantity));
    }
  }
  return violations;
}

const zero = new Dec(0);
