import { transferMessages as m, type TransferPairBody, type TransfersResponse } from '@app/contracts';
import { appliedTransferLinks, Dec, matchTransfers, type TransferMatchResult } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLedgerWriter, type LedgerCache, type TransactionRow } from '../ledger/index.ts';
import { coreMovement, decisionsOf, type Movement, toMovements } from './transfer-movements.ts';
import {
  deleteRejection,
  insertRejection,
  listRejections,
  listTransferRows,
  rowsMatchedTo,
  saveMatchedHalf,
} from './transfers.repository.ts';
import { buildTransfersView } from './transfers-view.ts';

/** The user's movements and what the matcher made of them with the owner's decisions. */
export interface TransferState {
  movements: Movement[];
  byId: ReadonlyMap<string, Movement>;
  result: TransferMatchResult;
}

/** The other half of a proposed transfer, as a connection's page names it. */
export interface ProposedPartner {
  transaction_id: string;
  portfolio_name: string;
}

/** Out id → in id of the pairs the books apply (matched and proposed). */
export type TransferLinks = ReadonlyMap<string, string>;

/** What a row of a connection says once it is no longer one half of a transfer. */
function unanswered(row: Pick<TransactionRow, 'sourceId' | 'type'>): string | undefined {
  if (row.sourceId === null) return undefined;
  return row.type === 'transfer_in' ? 'received' : 'sent';
}

const noOversell = (): never => {
  throw new Error('a transfer decision changes no quantity, so it cannot oversell');
};

const refuse = (field: 'out_id' | 'in_id', message: string) => validationError({ [field]: [message] });

/**
 * Own transfers across every portfolio and source. The matcher in core decides from the rows and
 * the owner's decisions; this service reads both, and writes a decision: a confirmation or a pair
 * made by hand sets matched_transaction_id on both rows, an undo stores a rejection (and clears
 * those ids). Every decision goes through the ledger's writer, so the two portfolios' revisions
 * move and every cache keyed by them (books, tax, figures) reads the new pairs.
 */
export function createTransfersService(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO, kept by the ledger's writer. */
  transactionsPerPortfolio: number;
}) {
  const { db } = deps;
  const writer = createLedgerWriter(deps);

  async function state(userId: string): Promise<TransferState> {
    const [rows, rejections] = await Promise.all([listTransferRows(db, userId), listRejections(db, userId)]);
    const movements = toMovements(rows);
    const result = matchTransfers(movements.map(coreMovement), decisionsOf(movements, rejections));
    return { movements, byId: new Map(movements.map((x) => [x.row.id, x])), result };
  }

  function halves(s: TransferState, body: TransferPairBody): { out: Movement; in: Movement } {
    const out = s.byId.get(body.out_id);
    if (out?.direction !== 'out') throw notFound(m.outNotFound, 'out_id');
    const arrived = s.byId.get(body.in_id);
    if (arrived?.direction !== 'in') throw notFound(m.inNotFound, 'in_id');
    return { out, in: arrived };
  }

  /** Whether the matcher applies the pair now (matched or proposed). */
  function applied(s: TransferState, outId: string, inId: string): boolean {
    return [...s.result.matched, ...s.result.proposed].some((x) => x.outId === outId && x.inId === inId);
  }

  /** Whether the pair is one of an ambiguous movement's candidates. */
  function candidate(s: TransferState, outId: string, inId: string): boolean {
    return s.result.ambiguous.some(
      (a) =>
        (a.movementId === outId && a.candidateIds.includes(inId)) ||
        (a.movementId === inId && a.candidateIds.includes(outId)),
    );
  }

  /** What no pair may be, by hand or not (the matcher refuses the same). */
  function refuseImpossible(out: Movement, arrived: Movement): void {
    if (out.row.coinId !== arrived.row.coinId) throw refuse('in_id', m.differentCoins);
    if (out.row.portfolioId === arrived.row.portfolioId) throw refuse('in_id', m.samePortfolio);
    if (new Dec(arrived.quantity).gt(out.quantity)) throw refuse('in_id', m.inExceedsOut);
  }

  /** Points the two rows at each other; rows that pointed at either half lose their partner. */
  async function pairUp(userId: string, out: Movement, arrived: Movement): Promise<void> {
    const ids = new Set([out.row.id, arrived.row.id]);
    const linked = await rowsMatchedTo(db, userId, [...ids]);
    const loose = linked.filter((r) => !ids.has(r.id) && ids.has(r.matchedTransactionId ?? ''));
    await writer.write({
      userId,
      portfolioIds: [out.row.portfolioId, arrived.row.portfolioId, ...loose.map((r) => r.portfolioId)],
      missingPortfolio: () => notFound(m.outNotFound, 'out_id'),
      plan: () => ({
        // Only the pairing changes, never a quantity: nothing can oversell.
        edits: [],
        rejectOversells: noOversell,
        write: async (tx, now) => {
          const changed: TransactionRow[] = [];
          const save = async (id: string, matchedTransactionId: string | null, classification?: string) => {
            const row = await saveMatchedHalf(
              tx,
              userId,
              id,
              classification === undefined
                ? { matchedTransactionId }
                : { matchedTransactionId, classification },
              now,
            );
            if (row) changed.push(row);
          };
          for (const r of loose) await save(r.id, null, unanswered(r));
          const own = (x: Movement) => (x.row.sourceId === null ? undefined : 'own_transfer');
          await save(out.row.id, arrived.row.id, own(out));
          await save(arrived.row.id, out.row.id, own(arrived));
          await deleteRejection(tx, userId, { outId: out.row.id, inId: arrived.row.id });
          return { result: undefined, added: changed, removedIds: changed.map((r) => r.id) };
        },
      }),
    });
  }

  async function view(userId: string): Promise<TransfersResponse> {
    const s = await state(userId);
    return buildTransfersView(s.movements, s.result);
  }

  return {
    state,
    view,

    /**
     * Each half of a proposed transfer, by transaction id, with the other half: a connection's page
     * says a withdrawal is already counted as a transfer instead of asking what it was.
     */
    async proposedPartners(userId: string): Promise<Map<string, ProposedPartner>> {
      const s = await state(userId);
      const out = new Map<string, ProposedPartner>();
      for (const m of s.result.proposed) {
        const outRow = s.byId.get(m.outId)?.row;
        const inRow = s.byId.get(m.inId)?.row;
        if (!outRow || !inRow) continue;
        out.set(outRow.id, { transaction_id: inRow.id, portfolio_name: inRow.portfolioName });
        out.set(inRow.id, { transaction_id: outRow.id, portfolio_name: outRow.portfolioName });
      }
      return out;
    },

    /** The pairs tax, returns and the books apply: matched (hash, by the owner) and proposed. */
    async links(userId: string): Promise<TransferLinks> {
      return appliedTransferLinks((await state(userId)).result);
    },

    /** Accepts a proposal, a pair matched by its transaction id, or one candidate of an ambiguity. */
    async confirm(userId: string, body: TransferPairBody): Promise<TransfersResponse> {
      const s = await state(userId);
      const pair = halves(s, body);
      if (!applied(s, body.out_id, body.in_id) && !candidate(s, body.out_id, body.in_id)) {
        throw refuse('in_id', m.notProposed);
      }
      refuseImpossible(pair.out, pair.in);
      await pairUp(userId, pair.out, pair.in);
      return view(userId);
    },

    /** A pair the owner makes whatever the window and the fee (within what a transfer can be). */
    async match(userId: string, body: TransferPairBody): Promise<TransfersResponse> {
      const s = await state(userId);
      const pair = halves(s, body);
      refuseImpossible(pair.out, pair.in);
      await pairUp(userId, pair.out, pair.in);
      return view(userId);
    },

    /**
     * "These two are not one transfer": stored as a rejection, so the pair is never applied or
     * proposed again, and the rows no longer point at each other.
     */
    async undo(userId: string, body: TransferPairBody): Promise<TransfersResponse> {
      const s = await state(userId);
      const { out, in: arrived } = halves(s, body);
      if (!applied(s, body.out_id, body.in_id) && !candidate(s, body.out_id, body.in_id)) {
        throw refuse('in_id', m.notMatched);
      }
      await writer.write({
        userId,
        portfolioIds: [out.row.portfolioId, arrived.row.portfolioId],
        missingPortfolio: () => notFound(m.outNotFound, 'out_id'),
        plan: () => ({
          edits: [],
          rejectOversells: noOversell,
          write: async (tx, now) => {
            await insertRejection(tx, userId, { outId: out.row.id, inId: arrived.row.id }, now);
            const changed: TransactionRow[] = [];
            for (const [half, other] of [
              [out, arrived],
              [arrived, out],
            ] as const) {
              if (half.row.matchedTransactionId !== other.row.id) continue;
              const classification = unanswered({ sourceId: half.row.sourceId, type: half.row.type });
              const row = await saveMatchedHalf(
                tx,
                userId,
                half.row.id,
                classification === undefined
                  ? { matchedTransactionId: null }
                  : { matchedTransactionId: null, classification },
                now,
              );
              if (row) changed.push(row);
            }
            return { result: undefined, added: changed, removedIds: changed.map((r) => r.id) };
          },
        }),
      });
      return view(userId);
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
