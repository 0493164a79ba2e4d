import { connectionSyncMessages } from '@app/contracts';
import { Dec } from '@app/core';
import { validationError } from '../../lib/app-error.ts';
import type { TransactionRow, TransactionValues } from '../ledger/index.ts';

/**
 * A row a connection brought says what the chain moved: an edit may give it a price, a fee or a
 * note, but not another coin, type, quantity, date or portfolio (the next sync would not match
 * it, and the ledger would drift from the chain). What it was is said through its classification.
 */
export function assertChainFieldsKept(stored: TransactionRow, values: TransactionValues): void {
  if (stored.sourceId === null) return;
  const changed: Record<string, string[]> = {};
  const refuse = (field: string) => {
    changed[field] = [connectionSyncMessages.chainFields];
  };
  if (stored.coinId !== values.coinId) refuse('coin_id');
  if (stored.type !== values.type) refuse('type');
  if (!new Dec(stored.quantity).eq(values.quantity)) refuse('quantity');
  if (stored.executedAt.getTime() !== values.executedAt.getTime()) refuse('date');
  if (stored.portfolioId !== values.portfolioId) refuse('portfolio_id');
  if (Object.keys(changed).length > 0) throw validationError(changed);
}
