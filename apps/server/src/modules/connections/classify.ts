import {
  connectionSyncMessages as m,
  portfolioMessages,
  type Transaction,
  type TransactionClassification,
  type TransactionClassifyBody,
} from '@app/contracts';
import { Dec } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  createLedgerWriter,
  findPortfolio,
  findTransaction,
  type LedgerCache,
  type LedgerEdit,
  rejectFirstOversell,
  spokenOversells,
  type TransactionRow,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { toTransaction } from '../transactions/index.ts';
import { type ClassifiedValues, saveClassification, saveMatch } from './classify.repository.ts';
import { type DayCloses, dayClose } from './fee-closes.ts';
import { forCheck } from './sync-booking.ts';

const arriving = new Set(['transfer_in', 'reward', 'buy']);
const answers: Record<'in' | 'out', ReadonlySet<string>> = {
  in: new Set(['cost_given', 'bought_at_close', 'income', 'own_transfer']),
  out: new Set(['sale', 'spend', 'own_transfer']),
};

/** What a half of an own transfer says once it is no longer matched. */
const unanswered = (row: TransactionRow): TransactionClassification | undefined =>
  row.sourceId === null ? undefined : arriving.has(row.type) ? 'received' : 'sent';

const refuse = (message: string, field = 'as') => validationError({ [field]: [message] });

/**
 * The owner's word on a row a connection brought. Only its type, price and match change, never
 * its quantity or date (they are the chain's), and the change goes through the ledger's writer,
 * so a reclassification that leaves a later sale short is refused like any other edit. A price
 * "at the close" is the coin's stored daily close for that day in the portfolio's currency.
 */
export function createClassifier(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  market: MarketReader;
  closes: DayCloses;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO, kept by the ledger's writer. */
  transactionsPerPortfolio: number;
}) {
  const { db } = deps;
  const writer = createLedgerWriter(deps);

  async function closeFor(row: TransactionRow, currency: string): Promise<string> {
    const close = await dayClose(deps.closes, deps.market, row.coinId, currency, row.executedAt);
    if (close === null) throw refuse(m.noClose);
    return close;
  }

  async function counterpart(userId: string, row: TransactionRow, id: string): Promise<TransactionRow> {
    const other = id === row.id ? undefined : await findTransaction(db, userId, id);
    if (!other) throw notFound(m.matchNotFound, 'transaction_id');
    const opposite = arriving.has(row.type) ? other.type === 'transfer_out' : other.type === 'transfer_in';
    const same = other.coinId === row.coinId && new Dec(other.quantity).eq(row.quantity);
    if (!opposite || !same || other.portfolioId === row.portfolioId)
      throw refuse(m.matchMismatch, 'transaction_id');
    return other;
  }

  return {
    async classify(userId: string, id: string, body: TransactionClassifyBody): Promise<Transaction> {
      const row = await findTransaction(db, userId, id);
      if (!row) throw notFound(portfolioMessages.transactionNotFound);
      if (row.sourceId === null) throw refuse(m.notFromConnection);
      if (row.classification === 'network_fee') throw refuse(m.networkFee);
      const side = arriving.has(row.type) ? 'in' : 'out';
      if (!answers[side].has(body.as))
        throw refuse(side === 'in' ? m.wrongDirection.received : m.wrongDirection.sent);
      const portfolio = await findPortfolio(db, userId, row.portfolioId);
      if (!portfolio) throw notFound(portfolioMessages.transactionNotFound);

      // Prices at the close are read before the write: the ledger's transaction does no market reads.
      const plain = { rewardKind: null, matchedTransactionId: null, classification: body.as };
      let values: ClassifiedValues;
      let other: TransactionRow | undefined;
      switch (body.as) {
        case 'cost_given':
          values = { ...plain, type: 'transfer_in', pricePerCoin: body.price_per_coin };
          break;
        case 'bought_at_close':
          values = { ...plain, type: 'transfer_in', pricePerCoin: await closeFor(row, portfolio.currency) };
          break;
        case 'income':
          values = {
            ...plain,
            type: 'reward',
            pricePerCoin: await closeFor(row, portfolio.currency),
            rewardKind: body.reward_kind ?? 'other',
          };
          break;
        case 'sale':
          values = { ...plain, type: 'sell', pricePerCoin: body.price_per_coin };
          break;
        case 'spend':
          values = { ...plain, type: 'sell', pricePerCoin: await closeFor(row, portfolio.currency) };
          break;
        case 'own_transfer':
          other = await counterpart(userId, row, body.transaction_id);
          values = {
            ...plain,
            type: side === 'in' ? 'transfer_in' : 'transfer_out',
            // An arrival keeps the cost it had; the lots it carries come from the departure's side.
            pricePerCoin: side === 'in' ? row.pricePerCoin : '0',
            matchedTransactionId: other.id,
          };
          break;
      }
      const previous = row.matchedTransactionId;
      const released =
        previous !== null && previous !== other?.id ? await findTransaction(db, userId, previous) : undefined;
      const displaced =
        other?.matchedTransactionId && other.matchedTransactionId !== row.id
          ? await findTransaction(db, userId, other.matchedTransactionId)
          : undefined;
      const touched = [row, other, released, displaced].filter((r): r is TransactionRow => r !== undefined);
      const edit: LedgerEdit = {
        portfolioId: row.portfolioId,
        change: {
          kind: 'update',
          transaction: forCheck({ ...row, type: values.type, pricePerCoin: values.pricePerCoin }),
        },
        storedCoinId: row.coinId,
      };

      const saved = await spokenOversells(deps.market, 'en', () =>
        writer.write({
          userId,
          portfolioIds: touched.map((r) => r.portfolioId),
          missingPortfolio: () => notFound(portfolioMessages.transactionNotFound),
          plan: () => ({
            edits: [edit],
            rejectOversells: rejectFirstOversell('later'),
            write: async (tx, now) => {
              const updated = await saveClassification(tx, userId, row.id, values, now);
              const changed: TransactionRow[] = [updated];
              for (const loose of [released, displaced]) {
                if (!loose) continue;
                const freed = await saveMatch(
                  tx,
                  userId,
                  loose.id,
                  { matchedTransactionId: null, ...withClassification(unanswered(loose)) },
                  now,
                );
                if (freed) changed.push(freed);
              }
              if (other) {
                const paired = await saveMatch(
                  tx,
                  userId,
                  other.id,
                  {
                    matchedTransactionId: row.id,
                    ...withClassification(other.sourceId === null ? undefined : 'own_transfer'),
                  },
                  now,
                );
                if (paired) changed.push(paired);
              }
              return { result: updated, added: changed, removedIds: changed.map((r) => r.id) };
            },
          }),
        }),
      );
      return toTransaction(saved);
    },
  };
}

const withClassification = (c: TransactionClassification | undefined) =>
  c === undefined ? {} : { classification: c };

export type Classifier = ReturnType<typeof createClassifier>;
