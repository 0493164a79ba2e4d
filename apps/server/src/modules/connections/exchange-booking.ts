import { Dec } from '@app/core';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { insertCashMovements, type LedgerEdit, type TransactionRow } from '../ledger/index.ts';
import { type OwnerDecision, rowsById } from './exchange-records.repository.ts';
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
 *
 * What the owner decided of a held record comes first: `separate` books it as new rows whatever
 * matches; `same` has each of its rows adopt one of the rows they named. A named row gone since
 * (deleted, or taken by another record) leaves the decision without its ground, so the record is
 * held again with what it may still be.
 */
export async function planExchangeBooking(
  tx: Db,
  input: {
    connection: { id: string; portfolioId: string; userId: string };
    records: readonly RecordRows[];
    booked: SyncCursor['booked'];
    /** The owner's word on records held before, by record key. */
    decisions?: ReadonlyMap<string, OwnerDecision>;
  },
): Promise<ExchangeBooking> {
  const { connection, records } = input;
  const decisions = input.decisions ?? new Map<string, OwnerDecision>();
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
  const named = await rowsById(
    tx,
    connection,
    pending.flatMap((r) => {
      const d = decisions.get(r.key);
      return d?.decision === 'same' ? d.rows : [];
    }),
  );
  const taken = new Set<string>();
  const done = records.filter((r) => !pending.includes(r)).map((r) => r.key);
  const holds: Hold[] = [];
  const adoptions: Adoption[] = [];
  const fresh: SourcedRowValues[] = [];
  /** The row each leg became (its own, or the one it adopted): a trade's cash names it. */
  const rowOfLeg = new Map<string, string>();
  const withCash: RecordRows[] = [];

  const book = (record: RecordRows) => {
    fresh.push(...record.rows);
    for (const v of record.rows) {
      booked[v.sourceId] = [v.coinId, signed(v.type, v.quantity)];
      rowOfLeg.set(v.sourceId, v.id);
    }
    withCash.push(record);
    done.push(record.key);
  };
  const adopt = (record: RecordRows, leg: SourcedRowValues, row: TransactionRow) => {
    taken.add(row.id);
    rowOfLeg.set(leg.sourceId, row.id);
    adoptions.push({ rowId: row.id, sourceId: leg.sourceId, outsideRef: record.outsideRef });
    booked[leg.sourceId] = [row.coinId, signed(row.type, row.quantity)];
  };

  /** What the rows already there say of a record, the owner's word aside. */
  const match = (record: RecordRows): Match => {
    const withRef = byRef.get(record.outsideRef) ?? [];
    // Another connection's rows of the same record (the account connected twice): its owner decides.
    const elsewhere = withRef.filter((r) => r.sourceConnectionId !== null);
    if (elsewhere.length > 0) return { kind: 'hold', ids: elsewhere.map((r) => r.id) };
    const sameRef = withRef.filter((r) => !taken.has(r.id));
    const pool = sameRef.length > 0 ? sameRef : loose.filter((r) => !taken.has(r.id));
    const pairs = record.rows.map((leg) => pool.filter((r) => sameLeg(leg, r, sameRef.length > 0)));
    if (pairs.every((p) => p.length === 0) && sameRef.length === 0) return { kind: 'fresh' };
    const chosen = pairs.map((p) => (p.length === 1 ? p[0] : undefined));
    const clean =
      chosen.every((c) => c !== undefined) && new Set(chosen.map((c) => c?.id)).size === chosen.length;
    if (clean) return { kind: 'adopt', rows: chosen as TransactionRow[] };
    const ids = [...new Set(pairs.flat().map((r) => r.id))];
    return { kind: 'hold', ids: ids.length > 0 ? ids : sameRef.map((r) => r.id) };
  };

  // Decided records first, so that a row the owner named is never taken by another record's guess.
  const decided = pending.filter((r) => decisions.has(r.key));
  for (const record of decided) {
    const decision = decisions.get(record.key) as OwnerDecision;
    if (decision.decision === 'separate') {
      book(record);
      continue;
    }
    const rows = decision.rows.flatMap((id) => {
      const row = named.get(id);
      return row && !taken.has(row.id) ? [row] : [];
    });
    if (rows.length < decision.rows.length) {
      const now = match(record);
      const still = [
        ...rows.map((r) => r.id),
        ...(now.kind === 'hold' ? now.ids : now.kind === 'adopt' ? now.rows.map((r) => r.id) : []),
      ];
      // Nothing left in the portfolio that it could be: it is a record like any new one.
      if (still.length === 0) book(record);
      else {
        holds.push({
          key: record.key,
          reason: 'possible_duplicate',
          detail: [...new Set(still)].join(','),
          undecided: true,
        });
      }
      continue;
    }
    const unused = new Set(rows);
    for (const leg of record.rows) {
      const row = closest(leg, [...unused]);
      if (row) {
        unused.delete(row);
        adopt(record, leg, row);
      } else {
        // A row the owner had no counterpart for (a fee the typed row left out) is booked.
        fresh.push(leg);
        booked[leg.sourceId] = [leg.coinId, signed(leg.type, leg.quantity)];
        rowOfLeg.set(leg.sourceId, leg.id);
      }
    }
    withCash.push(record);
    done.push(record.key);
  }

  for (const record of pending) {
    if (decisions.has(record.key)) continue;
    const m = match(record);
    if (m.kind === 'fresh') book(record);
    else if (m.kind === 'adopt') {
      for (const [i, leg] of record.rows.entries()) adopt(record, leg, m.rows[i] as TransactionRow);
      withCash.push(record);
      done.push(record.key);
    } else {
      holds.push({
        key: record.key,
        reason: 'possible_duplicate',
        detail: m.ids.join(',') || record.outsideRef,
      });
    }
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
      await insertCashMovements(writeTx, cashOf(connection, withCash, rowOfLeg));
      return { added: inserted, removedIds: [] };
    },
  };
}

/**
 * The cash entries of the records booked or adopted. A trade's entry stands for the row it paid
 * for (it goes when that row goes); one whose row is unknown is left out, so a purchase is never
 * counted both as cash spent and as new money.
 */
function cashOf(
  connection: { id: string; portfolioId: string },
  records: readonly RecordRows[],
  rowOfLeg: ReadonlyMap<string, string>,
) {
  return records.flatMap((r) =>
    (r.cash ?? []).flatMap((c) => {
      const transactionId = c.legSourceId === null ? null : (rowOfLeg.get(c.legSourceId) ?? null);
      if (c.kind === 'trade' && transactionId === null) return [];
      return [
        {
          portfolioId: connection.portfolioId,
          sourceConnectionId: connection.id,
          sourceId: c.sourceId,
          kind: c.kind,
          currency: c.currency,
          amount: c.amount,
          fee: c.fee,
          rate: c.rate,
          transactionId,
          outsideRef: c.outsideRef,
          executedAt: c.executedAt,
        },
      ];
    }),
  );
}

type Match = { kind: 'fresh' } | { kind: 'adopt'; rows: TransactionRow[] } | { kind: 'hold'; ids: string[] };

/**
 * Of the rows the owner named, the one a leg is: same coin and type, the nearest quantity (then
 * the nearest moment). No time limit: the owner has said they are the same.
 */
function closest(leg: SourcedRowValues, rows: readonly TransactionRow[]): TransactionRow | undefined {
  let best: { row: TransactionRow; gap: Dec; ms: number } | undefined;
  for (const row of rows) {
    if (row.coinId !== leg.coinId || row.type !== leg.type) continue;
    const gap = new Dec(row.quantity).sub(leg.quantity).abs();
    const ms = Math.abs(row.executedAt.getTime() - leg.executedAt.getTime());
    if (!best || gap.lt(best.gap) || (gap.eq(best.gap) && ms < best.ms)) best = { row, gap, ms };
  }
  return best?.row;
}

/** A leg and a stored row are one when coin, type and quantity agree, at the same moment unless the ids already say so. */
function sameLeg(leg: SourcedRowValues, row: TransactionRow, byId: boolean): boolean {
  if (row.coinId !== leg.coinId || row.type !== leg.type || !new Dec(row.quantity).eq(leg.quantity))
    return false;
  return byId || Math.abs(row.executedAt.getTime() - leg.executedAt.getTime()) <= sameMomentMs;
}

/** Ranges of time queried at once: few enough bound values for any driver, few enough queries. */
const rangesPerQuery = 200;

/**
 * The portfolio's rows these records could already be: those carrying one of their ids, and rows
 * of no connection near their moments in their coins. Only the moments within 2 s of some leg
 * are read (the legs' windows merged where they overlap), never the whole span between the
 * batch's first and last record: on a first sync of years of history that span is the whole
 * portfolio.
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
  const ranges = nearWindows(legs.map((v) => v.executedAt.getTime()));
  for (let i = 0; i < ranges.length; i += rangesPerQuery) {
    const near = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.portfolioId, connection.portfolioId),
          isNull(transactions.sourceConnectionId),
          inArray(transactions.coinId, coins),
          or(
            ...ranges
              .slice(i, i + rangesPerQuery)
              .map(([from, to]) =>
                and(gte(transactions.executedAt, new Date(from)), lte(transactions.executedAt, new Date(to))),
              ),
          ),
        ),
      );
    for (const r of near) out.set(r.id, r);
  }
  return [...out.values()];
}

/** Every moment's ±2 s window, merged into disjoint ranges (epoch ms, both ends included). */
function nearWindows(times: readonly number[]): [number, number][] {
  const sorted = [...times].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const t of sorted) {
    const last = ranges.at(-1);
    if (last && t - sameMomentMs <= last[1]) last[1] = Math.max(last[1], t + sameMomentMs);
    else ranges.push([t - sameMomentMs, t + sameMomentMs]);
  }
  return ranges;
}
