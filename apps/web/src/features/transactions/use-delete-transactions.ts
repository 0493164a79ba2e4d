import type { Transaction, TransactionCreateBody } from '@app/contracts';
import { useState } from 'react';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { createTransaction, deleteTransaction } from './api/transactions-api';

const plural = (n: number) => (n === 1 ? '1 transaction' : `${n} transactions`);
const byDate = (a: Transaction, b: Transaction) =>
  Date.parse(a.executed_at) - Date.parse(b.executed_at) || a.created_at.localeCompare(b.created_at);

/** The body that writes a deleted transaction again (same fields; it gets a new id). */
export function bodyOf(t: Transaction): TransactionCreateBody {
  return {
    portfolio_id: t.portfolio_id,
    coin_id: t.coin_id,
    type: t.type,
    quantity: t.quantity,
    price_per_coin: t.price_per_coin,
    fee: t.fee,
    date: t.executed_at,
    note: t.note,
    ...(t.fee_currency ? { fee_currency: t.fee_currency } : {}),
    ...(t.reward_kind ? { reward_kind: t.reward_kind } : {}),
  };
}

/**
 * Deletes transactions and offers one Undo for all of them in the toast. Newest go first and
 * come back oldest first, so no step in between leaves a later sell without the coins it sold
 * (the server refuses such a step: it is reported and the rest stay).
 */
export function useDeleteTransactions(onChanged: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);

  async function restore(deleted: readonly Transaction[]) {
    let restored = 0;
    try {
      for (const t of [...deleted].sort(byDate)) {
        await createTransaction(bodyOf(t));
        restored += 1;
      }
      toast.success(`${plural(restored)} restored`);
    } catch (error) {
      notifyError(error);
    } finally {
      await onChanged();
    }
  }

  async function remove(items: readonly Transaction[]): Promise<readonly Transaction[]> {
    setBusy(true);
    const deleted: Transaction[] = [];
    try {
      for (const t of [...items].sort(byDate).reverse()) {
        await deleteTransaction(t.id);
        deleted.push(t);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      await onChanged();
    }
    if (deleted.length > 0) {
      toast.success(`${plural(deleted.length)} deleted`, {
        action: { label: 'Undo', onClick: () => void restore(deleted) },
      });
    }
    return deleted;
  }

  return { remove, busy };
}
