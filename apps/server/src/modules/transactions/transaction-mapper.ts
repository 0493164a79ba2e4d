import {
  type RewardKind,
  type Transaction,
  type TransactionClassification,
  type TransactionCreateBody,
  type TransactionType,
  transactionClassifications,
} from '@app/contracts';
import { Dec, type LedgerTransaction, toDecimalString } from '@app/core';
import type { TransactionRow, TransactionValues } from '../ledger/index.ts';

/** NUMERIC(38,18) reads back as '1.000000000000000000'; the wire carries the plain value. */
export function plain(value: string): string {
  return toDecimalString(new Dec(value));
}

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    portfolio_id: row.portfolioId,
    coin_id: row.coinId,
    type: row.type as TransactionType,
    quantity: plain(row.quantity),
    // Null: a transfer in whose cost is unknown, kept apart from a stated 0.
    price_per_coin: row.pricePerCoin === null ? null : plain(row.pricePerCoin),
    fee: plain(row.fee),
    ...(row.feeCurrency ? { fee_currency: row.feeCurrency } : {}),
    executed_at: row.executedAt.toISOString(),
    note: row.note,
    ...(row.rewardKind ? { reward_kind: row.rewardKind as RewardKind } : {}),
    ...(row.sourceId ? { source: { connection_id: row.sourceConnectionId, source_id: row.sourceId } } : {}),
    ...(isClassification(row.classification) ? { classification: row.classification } : {}),
    ...(row.matchedTransactionId ? { matched_transaction_id: row.matchedTransactionId } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The row with the lots it names when it is a sale that names them (specific identification). */
export function toTransactionWithLots(
  row: TransactionRow,
  lots: readonly { acquisitionId: string; quantity: string }[] | undefined,
): Transaction {
  const out = toTransaction(row);
  if (!lots || lots.length === 0) return out;
  return {
    ...out,
    lots: lots.map((l) => ({ acquisition_id: l.acquisitionId, quantity: plain(l.quantity) })),
  };
}

function isClassification(value: string | null): value is TransactionClassification {
  return value !== null && (transactionClassifications as readonly string[]).includes(value);
}

export function toValues(body: TransactionCreateBody): TransactionValues {
  return {
    portfolioId: body.portfolio_id,
    coinId: body.coin_id,
    type: body.type,
    quantity: body.quantity,
    pricePerCoin: body.price_per_coin,
    fee: body.fee,
    feeCurrency: body.fee_currency ?? null,
    executedAt: new Date(body.date),
    note: body.note,
    rewardKind: body.type === 'reward' ? (body.reward_kind ?? null) : null,
  };
}

export function valuesToLedger(id: string, values: TransactionValues, createdAt?: Date): LedgerTransaction {
  return {
    id,
    coin_id: values.coinId,
    type: values.type as TransactionType,
    quantity: values.quantity,
    price_per_coin: values.pricePerCoin,
    fee: values.fee,
    executed_at: values.executedAt.toISOString(),
    ...(createdAt ? { created_at: createdAt.toISOString() } : {}),
  };
}
