import { randomUUID } from 'node:crypto';
import type { LedgerTransaction } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { LedgerEdit, TransactionRow } from '../ledger/index.ts';
import {
  deleteRows,
  insertSourcedRows,
  moveRow,
  priceFeeRow,
  type SourcedRowValues,
  sourcedRows,
  unpricedFeeRows,
} from './sync.repository.ts';
import type { SyncCursor } from './sync-cursor.ts';
import { type SourcedMovement, signedQuantity, type WalletSnapshot } from './wallet-snapshot.ts';

/** A coin's close on a day in the portfolio's currency, read before the booking's transaction. */
export type CloseOn = (coinId: string, at: Date) => string | null;

export interface Booking {
  edits: LedgerEdit[];
  /** Writes the rows inside the ledger writer's transaction. */
  write(tx: Db, now: Date): Promise<{ added: TransactionRow[]; removedIds: string[] }>;
  /** What every booked row moved, for reconciliation: the old record with this booking applied. */
  booked: NonNullable<SyncCursor['booked']>;
}

/**
 * What one movement becomes in the ledger. A coin received from outside is a transfer in whose
 * cost nobody knows yet (its owner says later); a coin sent out is a transfer out, until its owner
 * says it was a sale or a spend. The network fee is a disposal of the coin that paid it: a sale at
 * that day's close when the price history has one, else a transfer out (the coins left, their
 * value unknown), never a sale at an invented price.
 */
export function rowFor(
  m: SourcedMovement & { coinId: string },
  connection: { id: string; portfolioId: string },
  closeOn: CloseOn,
): SourcedRowValues {
  const base = {
    id: randomUUID(),
    portfolioId: connection.portfolioId,
    coinId: m.coinId,
    quantity: m.quantity,
    executedAt: m.executedAt,
    sourceConnectionId: connection.id,
    sourceId: m.sourceId,
  };
  if (m.kind === 'receive')
    return { ...base, type: 'transfer_in', pricePerCoin: null, classification: 'received' };
  if (m.kind === 'send') return { ...base, type: 'transfer_out', pricePerCoin: '0', classification: 'sent' };
  return { ...base, ...feeDisposal(closeOn(m.coinId, m.executedAt)) };
}

/** A network fee leaves as a sale at the day's close, or as a transfer out when no close is known. */
export function feeDisposal(close: string | null) {
  return close === null
    ? { type: 'transfer_out' as const, pricePerCoin: '0', classification: 'network_fee' as const }
    : { type: 'sell' as const, pricePerCoin: close, classification: 'network_fee' as const };
}

/** The row as the ledger replays it (the oversell check reads its quantity). */
export function forCheck(v: {
  id: string;
  coinId: string;
  type: string;
  quantity: string;
  pricePerCoin: string | null;
  executedAt: Date;
}): LedgerTransaction {
  return {
    id: v.id,
    coin_id: v.coinId,
    type: v.type as LedgerTransaction['type'],
    quantity: v.quantity,
    price_per_coin: v.pricePerCoin,
    fee: '0',
    executed_at: v.executedAt.toISOString(),
  };
}

/**
 * The booking of one read, decided inside the write's transaction with the portfolio locked:
 * rows the connection already has are never written again (its owner may have classified them),
 * so a second sync of the same history adds nothing. After a reorganisation, rows of transactions
 * that left the chain are dropped and rows of transactions that moved take their new time.
 */
export async function planBooking(
  tx: Db,
  input: {
    connection: { id: string; portfolioId: string; userId: string };
    snapshot: WalletSnapshot;
    booked: SyncCursor['booked'];
    closeOn: CloseOn;
  },
): Promise<Booking> {
  const { connection, snapshot } = input;
  const confirmed = snapshot.confirmedTxs;
  const existing = confirmed
    ? await sourcedRows(tx, connection.id)
    : await sourcedRows(
        tx,
        connection.id,
        snapshot.movements.map((m) => m.sourceId),
      );
  const booked = { ...input.booked };
  const edits: LedgerEdit[] = [];
  const removed: TransactionRow[] = [];
  const moved: { row: TransactionRow; at: Date }[] = [];
  if (confirmed) {
    const txKeyOf = snapshot.txKeyOf ?? ((sourceId: string) => sourceId.split(':')[0] ?? '');
    for (const row of existing) {
      const key = txKeyOf(row.sourceId ?? '');
      if (key === null) continue;
      const at = confirmed.get(key);
      if (at === undefined) {
        removed.push(row);
        edits.push({
          portfolioId: row.portfolioId,
          change: { kind: 'delete', transactionId: row.id },
          storedCoinId: row.coinId,
        });
        if (row.sourceId) delete booked[row.sourceId];
      } else if (at.getTime() !== row.executedAt.getTime()) {
        moved.push({ row, at });
        edits.push({
          portfolioId: row.portfolioId,
          change: { kind: 'update', transaction: { ...forCheck(row), executed_at: at.toISOString() } },
          storedCoinId: row.coinId,
        });
      }
    }
  }

  const repriced = await feesNowPriced(tx, connection.id, input.closeOn, [
    ...removed,
    ...moved.map((m) => m.row),
  ]);
  for (const { row, close } of repriced) {
    edits.push({
      portfolioId: row.portfolioId,
      change: { kind: 'update', transaction: { ...forCheck(row), type: 'sell', price_per_coin: close } },
      storedCoinId: row.coinId,
    });
  }

  const have = new Set(existing.map((r) => r.sourceId));
  const fresh = snapshot.movements
    .filter((m): m is SourcedMovement & { coinId: string } => m.coinId !== null && !have.has(m.sourceId))
    // Within one instant what arrives is booked before what leaves, so a transaction that receives
    // and pays in one block never reads as spending coins it does not hold yet.
    .sort((a, b) => a.executedAt.getTime() - b.executedAt.getTime() || order(a) - order(b));
  const values = fresh.map((m) => rowFor(m, connection, input.closeOn));
  for (const v of values) {
    edits.push({ portfolioId: v.portfolioId, change: { kind: 'create', transaction: forCheck(v) } });
  }
  for (const m of fresh) booked[m.sourceId] = [m.coinId, signedQuantity(m.kind, m.quantity)];

  return {
    edits,
    booked,
    async write(writeTx, now) {
      await deleteRows(
        writeTx,
        removed.map((r) => r.id),
      );
      const movedRows: TransactionRow[] = [];
      for (const { row, at } of moved) movedRows.push(await moveRow(writeTx, row.id, at, now));
      for (const { row, close } of repriced) movedRows.push(await priceFeeRow(writeTx, row.id, close, now));
      const inserted = await insertSourcedRows(writeTx, connection.userId, values, now);
      return {
        added: [...movedRows, ...inserted],
        removedIds: [
          ...removed.map((r) => r.id),
          ...moved.map((m) => m.row.id),
          ...repriced.map((r) => r.row.id),
        ],
      };
    },
  };
}

/**
 * Fees first booked at no known value whose day now has a close. Rows this booking drops or moves
 * wait for the next sync, which reads them at their new time.
 */
async function feesNowPriced(
  tx: Db,
  connectionId: string,
  closeOn: CloseOn,
  touched: readonly TransactionRow[],
): Promise<{ row: TransactionRow; close: string }[]> {
  const skip = new Set(touched.map((r) => r.id));
  const out: { row: TransactionRow; close: string }[] = [];
  for (const row of await unpricedFeeRows(tx, connectionId)) {
    if (skip.has(row.id)) continue;
    const close = closeOn(row.coinId, row.executedAt);
    if (close !== null) out.push({ row, close });
  }
  return out;
}

const order = (m: SourcedMovement) => (m.kind === 'receive' ? 0 : 1);
