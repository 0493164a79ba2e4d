import {
  connectionApiMessages,
  connectionRecordMessages,
  type ExchangeId,
  type HeldCandidate,
  type HeldDecideBody,
  type HeldLeg,
  type HeldReason,
  type HeldRecord,
  type HeldRecordList,
  heldReasons,
} from '@app/contracts';
import { Dec, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { TransactionRow } from '../../db/schema/index.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { findPortfolio } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { type ConnectionRow, findConnection } from './connections.repository.ts';
import {
  decideRecords,
  findRecord,
  listRecords,
  type OwnerDecision,
  rowsById,
  type StoredRecord,
} from './exchange-records.repository.ts';
import { type RecordRows, recordRef } from './exchange-rows.ts';
import { stagedRows } from './exchange-staged.ts';
import type { DayCloses } from './fee-closes.ts';
import { lockConnection, type SourcedRowValues } from './sync.repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const plain = (value: string) => toDecimalString(new Dec(value));

function isHeldReason(value: string | null): value is HeldReason {
  return value !== null && (heldReasons as readonly string[]).includes(value);
}

/** The transaction ids a possible duplicate's detail names; anything else there is not an id. */
function candidateIds(detail: string): string[] {
  return [...new Set(detail.split(',').filter((id) => uuidPattern.test(id)))];
}

function toLeg(v: SourcedRowValues): HeldLeg {
  return {
    type: v.type,
    coin_id: v.coinId,
    quantity: plain(v.quantity),
    price_per_coin: v.pricePerCoin === null ? null : plain(v.pricePerCoin),
    executed_at: v.executedAt.toISOString(),
  };
}

function toCandidate(row: TransactionRow): HeldCandidate {
  return {
    transaction_id: row.id,
    type: row.type as HeldCandidate['type'],
    coin_id: row.coinId,
    quantity: plain(row.quantity),
    price_per_coin: row.pricePerCoin === null ? null : plain(row.pricePerCoin),
    executed_at: row.executedAt.toISOString(),
    outside_ref: row.outsideRef,
    connection_id: row.sourceConnectionId,
  };
}

/** A held record as its owner sees it, with the staged entries it stands for. */
interface HeldView {
  record: HeldRecord;
  parts: string[];
}

/**
 * The records an exchange sync holds, for their owner: what each would book and why it waits,
 * and for a possible duplicate the transactions it may be. The owner says whether it is the same
 * as those (its rows then take theirs) or another record booked beside them; the next sync does
 * what they said. Every call is scoped to the owner: another user's connection is a 404.
 */
export function createHeldRecordsService(deps: {
  db: Db;
  closes: DayCloses;
  market: Pick<MarketReader, 'describe'>;
}) {
  const { db } = deps;

  async function owned(userId: string, id: string): Promise<ConnectionRow> {
    const row = await findConnection(db, userId, id);
    if (!row) throw notFound(connectionApiMessages.notFound);
    return row;
  }

  async function view(row: ConnectionRow): Promise<HeldView[]> {
    const stored = await listRecords(db, row.id);
    const held = stored.filter((r): r is StoredRecord & { reason: HeldReason } => isHeldReason(r.reason));
    if (held.length === 0 || row.exchange === null) return [];
    const portfolio = await findPortfolio(db, row.userId, row.portfolioId);
    if (!portfolio) throw notFound(connectionApiMessages.notFound);
    const exchange = row.exchange as ExchangeId;
    // Every stored entry, not only the held ones: a conversion's two halves are booked as one.
    const staged = await stagedRows(deps, row, portfolio.currency, stored);
    const rowsOf = new Map<string, RecordRows>();
    const partsOf = new Map<string, string[]>();
    for (const r of staged.bookable) {
      const parts = staged.parts.get(r.key) ?? [r.key];
      for (const part of parts) {
        rowsOf.set(part, r);
        partsOf.set(part, parts);
      }
    }
    const wanted = held.flatMap((r) => (r.reason === 'possible_duplicate' ? candidateIds(r.detail) : []));
    const candidates = await rowsById(db, row, wanted);

    return held.map((r) => {
      const rows = rowsOf.get(r.key);
      const time = r.record.kind === 'trade' ? r.record.trade.time : r.record.movement.time;
      return {
        parts: partsOf.get(r.key) ?? [r.key],
        record: {
          key: r.key,
          kind: r.record.kind,
          reason: r.reason,
          explanation: connectionRecordMessages.reasons[r.reason],
          detail: r.detail,
          executed_at: new Date(time).toISOString(),
          outside_ref: rows?.outsideRef ?? recordRef(exchange, r.record),
          legs: rows?.rows.map(toLeg) ?? [],
          candidates:
            r.reason === 'possible_duplicate'
              ? candidateIds(r.detail).flatMap((id) => {
                  const c = candidates.get(id);
                  return c ? [toCandidate(c)] : [];
                })
              : [],
          decision: r.decision?.decision ?? null,
        },
      };
    });
  }

  return {
    async list(userId: string, id: string): Promise<HeldRecordList> {
      const results = (await view(await owned(userId, id))).map((v) => v.record);
      return { results, count: results.length };
    },

    /**
     * Stores the owner's word on one possible duplicate; the caller asks for a sync, whose
     * booking does what it says. Written under the connection's lock, after reading the record
     * again: a booking that ran meanwhile may have taken it, or held it with other candidates.
     */
    async decide(userId: string, id: string, body: HeldDecideBody): Promise<HeldRecord> {
      const row = await owned(userId, id);
      const held = (await view(row)).find((v) => v.record.key === body.key);
      if (!held) throw notFound(connectionRecordMessages.notHeld, 'key');
      if (held.record.reason !== 'possible_duplicate') {
        throw validationError(
          { key: [connectionRecordMessages.notDuplicate] },
          connectionRecordMessages.notDuplicate,
        );
      }
      const listed = new Set(held.record.candidates.map((c) => c.transaction_id));
      const chosen = body.decision === 'same' ? [...new Set(body.transaction_ids)] : [];
      const notCandidate = () =>
        validationError(
          { transaction_ids: [connectionRecordMessages.notCandidate] },
          connectionRecordMessages.notCandidate,
        );
      if (chosen.some((t) => !listed.has(t))) throw notCandidate();
      const decision: OwnerDecision =
        body.decision === 'same' ? { decision: 'same', rows: chosen } : { decision: 'separate' };

      await db.transaction(async (tx) => {
        if (!(await lockConnection(tx, row.id))) throw notFound(connectionApiMessages.notFound);
        for (const key of held.parts) {
          const now = await findRecord(tx, row.id, key, true);
          if (!now || now.reason === null) throw notFound(connectionRecordMessages.notHeld, 'key');
          if (now.reason !== 'possible_duplicate') {
            throw validationError(
              { key: [connectionRecordMessages.notDuplicate] },
              connectionRecordMessages.notDuplicate,
            );
          }
          const still = new Set(candidateIds(now.detail));
          if (chosen.some((t) => !still.has(t))) throw notCandidate();
        }
        await decideRecords(tx, row.id, held.parts, decision);
      });
      return { ...held.record, decision: decision.decision };
    },
  };
}

export type HeldRecordsService = ReturnType<typeof createHeldRecordsService>;
