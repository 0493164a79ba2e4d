import { Dec } from '@app/core';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { LedgerEdit, TransactionRow } from '../ledger/index.ts';
import type { Hold, RecordRows } from './exchange-rows.ts';
import { incoming } from './reconciliation.ts';
import { insertSourcedRows, type SourcedRowValues, sourcedRows } from './sync.repository.ts';
import { forCheck } from './sync-booking.ts';
import type { SyncCursor } from './sync-cursor.ts';

/** A CSV export and the API stamp one fill a little apart. */
const sameMomentMs = 2000;

const signed = (type: string, quantity: string) => (incoming.has(type) ? quantity : `-${quantity}`);

/** A row already in the portfolio that a record's leg is: it gets the connection's source, not a twin. */
interface Adoption {
  rowId: string;
  sourceId: string;
  outsideRef: string;
}

export interface ExchangeBooking {
  edits: LedgerEdit[];
  /** Records booked or adopted: their staged copies go. */
  done: string[];
  /** Records that may duplicate rows already there: held for their owner to decide. */
  holds: Hold[];
  booked: NonNullable<SyncCursor['booked']>;
  write(tx: Db, now: Date): Promise<{ added: TransactionRow[]; removedIds: string[] }>;
}

/**
 * Decides, inside the booking's transaction with the portfolio locked, what each record becomes.
 * A record this connection already booked (a resumed read) is done. A record whose rows are
 * already in the portfolio (from a CSV export of the same account, or typed by hand) is adopted:
 * those rows take the connection's source, so nothing doubles. They are found by the exchange's
 * own id where both carry it, else by coin, type, quantity and a moment within 2 s, each leg to
 * exactly one row. A record that matches only in part, or more than one way, is held for its
 * owner to decide: never merged or doubled silently. Everything else is booked as new rows.
 */
export async function planExchangeBooking(
  tx: Db,
  input: {
    connection: { id: string; portfolioId: string; userId: string };
    records: readonly RecordRows[];
    booked: SyncCursor['booked'];
  },
): Promise<ExchangeBooking> {
  const { connection, records } = input;
  const booked = { ...input.booked };
  const mine = new Set(
    (
      await sourcedRows(
        tx,
        connection.id,
        records.flatMap((r) => r.rows.map((v) => v.sourceId)),
      )
    ).map((r) => r.sourceId),
  );
  const pending = records.filter((r) => !r.rows.some((v) => mine.has(v.sourceId)));
  const candidates = await otherRows(tx, connection, pending);
  const byRef = new Map<string, TransactionRow[]>();
  const loose: TransactionRow[] = [];
  for (const row of candidates) {
    if (row.outsideRef) byRef.set(row.outsideRef, [...(byRef.get(row.outsideRef) ?? []), row]);
    else if (row.sourceConnectionId === null) loose.push(row);
  }
  const taken = new Set<string>();
  const done = records.filter((r) => !pending.includes(r)).map((r) => r.key);
  const holds: Hold[] = [];
  const adoptions: Adoption[] = [];
  const fresh: SourcedRowValues[] = [];

  for (const record of pending) {
    const withRef = byRef.get(record.outsideRef) ?? [];
    // Another connection's rows of the same record (the account connected twice): its owner decides.
    const elsewhere = withRef.filter((r) => r.sourceConnectionId !== null);
    if (elsewhere.length > 0) {
      holds.push({
        key: record.key,
        reason: 'possible_duplicate',
        detail: elsewhere.map((r) => r.id).join(','),
      });
      continue;
    }
    const sameRef = withRef.filter((r) => !taken.has(r.id));
    const pool = sameRef.length > 0 ? sameRef : loose.filter((r) => !taken.has(r.id));
    const pairs = record.rows.map((leg) => pool.filter((r) => sameLeg(leg, r, sameRef.length > 0)));
    const none = pairs.every((p) => p.length === 0);
    if (none && sameRef.length === 0) {
      fresh.push(...record.rows);
      for (const v of record.rows) booked[v.sourceId] = [v.coinId, signed(v.type, v.quantity)];
      done.push(record.key);
      continue;
    }
    const chosen = pairs.map((p) => (p.length === 1 ? p[0] : undefined));
    const clean =
      chosen.every((c) => c !== undefined) && new Set(chosen.map((c) => c?.id)).size === chosen.length;
    if (!clean) {
      const ids = [...new Set(pairs.flat().map((r) => r.id))];
      holds.push({
        key: record.key,
        reason: 'possible_duplicate',
        detail: ids.length > 0 ? ids.join(',') : sameRef.map((r) => r.id).join(',') || record.outsideRef,
      });
      continue;
    }
    record.rows.forEach((leg, i) => {
      const row = chosen[i] as TransactionRow;
      taken.add(row.id);
      adoptions.push({ rowId: row.id, sourceId: leg.sourceId, outsideRef: record.outsideRef });
      booked[leg.sourceId] = [row.coinId, signed(row.type, row.quantity)];
    });
    done.push(record.key);
  }

  // Within one instant what arrives is booked before what leaves (a deposit before the sale it funds).
  fresh.sort(
    (a, b) =>
      a.executedAt.getTime() - b.executedAt.getTime() ||
      Number(!incoming.has(a.type)) - Number(!incoming.has(b.type)),
  );
  return {
    edits: fresh.map((v) => ({
      portfolioId: v.portfolioId,
      change: { kind: 'create', transaction: forCheck(v) },
    })),
    done,
    holds,
    booked,
    async write(writeTx, now) {
      for (const a of adoptions) {
        await writeTx
          .update(transactions)
          .set({
            sourceConnectionId: connection.id,
            sourceId: a.sourceId,
            outsideRef: a.outsideRef,
            updatedAt: now,
          })
          .where(eq(transactions.id, a.rowId));
      }
      const inserted = await insertSourcedRows(writeTx, connection.userId, fresh, now);
      return { added: inserted, removedIds: [] };
    },
  };
}

/** A leg and a stored row are one when coin, type and quantity agree, at the same moment unless the ids already say so. */
function sameLeg(leg: SourcedRowValues, row: TransactionRow, byId: boolean): boolean {
  if (row.coinId !== leg.coinId || row.type !== leg.type || !new Dec(row.quantity).eq(leg.quantity))
    return false;
  return byId || Math.abs(row.executedAt.getTime() - leg.executedAt.getTime()) <= sameMomentMs;
}

/**
 * The portfolio's rows these records could already be: those carrying one of their ids, and rows
 * of no connection near their moments in their coins.
 */
async function otherRows(
  tx: Db,
  connection: { id: string; portfolioId: string },
  records: readonly RecordRows[],
): Promise<TransactionRow[]> {
  if (records.length === 0) return [];
  const refs = [...new Set(records.map((r) => r.outsideRef))];
  const legs = records.flatMap((r) => r.rows);
  const coins = [...new Set(legs.map((v) => v.coinId))];
  const times = legs.map((v) => v.executedAt.getTime());
  const from = new Date(Math.min(...times) - sameMomentMs);
  const to = new Date(Math.max(...times) + sameMomentMs);
  const out = new Map<string, TransactionRow>();
  for (let i = 0; i < refs.length; i += 1000) {
    const rows = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.portfolioId, connection.portfolioId),
          inArray(transactions.outsideRef, refs.slice(i, i + 1000)),
          or(
            isNull(transactions.sourceConnectionId),
            sql`${transactions.sourceConnectionId} <> ${connection.id}`,
          ),
        ),
      );
    for (const r of rows) out.set(r.id, r);
  }
  const near = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.portfolioId, connection.portfolioId),
        isNull(transactions.sourceConnectionId),
        inArray(transactions.coinId, coins),
        gte(transactions.executedAt, from),
        lte(transactions.executedAt, to),
      ),
    );
  for (const r of near) out.set(r.id, r);
  return [...out.values()];
}
