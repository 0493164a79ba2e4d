import {
  noteMaxLength,
  type OversellViolation,
  portfolioMessages,
  type Transaction,
  type TransactionCreateBody,
  type TransactionListQuery,
  type TransactionListResponse,
} from '@app/contracts';
import { bestKnownCoinId, Dec, feeCurrencyKnown, isFiat, type OversellLead } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  createLedgerWriter,
  deleteTransaction,
  findPortfolio,
  findTransaction,
  insertTransactions,
  type LedgerEdit,
  type LedgerWritePlan,
  listTransactions,
  type Oversell,
  OversellRejection,
  spokenOversells,
  type TransactionRow,
  type TransactionValues,
  updateTransaction,
  userCoinIds,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { assertChainFieldsKept } from './chain-fields.ts';
import type { LotChoiceCheck, LotChoiceVerdict } from './lot-choice-check.ts';
import { bodyLots, createLotChoiceGuard } from './lot-choice-guard.ts';
import { findLotChoices, replaceLotChoices, type StoredLotChoice } from './lot-choices.repository.ts';
import { createTransactionChecks } from './transaction-checks.ts';
import { toTransactionWithLots, toValues, valuesToLedger } from './transaction-mapper.ts';

export interface TransactionsServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO, kept by the ledger's writer. */
  transactionsPerPortfolio: number;
}

/** The field an oversell is reported on: the quantity the user typed (or the row it starves). */
export function oversellError(violation: OversellViolation, lead: OversellLead = 'self'): OversellRejection {
  return new OversellRejection(violation, lead);
}

const portfolioMissing = () => notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');

/** The ledger id of a fee's sale while a create is checked for oversells. */
const feeSaleId = '__fee_sale__';
/** The ledger id of a new row while a create is checked. */
const newRowId = '__new__';

/** A write's plan asks for a violation only when the check found one. */
function violationOf(oversell: Oversell | undefined): OversellViolation {
  if (!oversell) throw new Error('rejectOversells called without an oversell');
  return oversell.violation;
}

/** The stored row moved to another portfolio between the read and the lock. */
class RowMoved extends Error {}

export function createTransactionsService(deps: TransactionsServiceDeps) {
  const { db, market, preferences, ledgers } = deps;
  const writer = createLedgerWriter(deps);
  const lots = createLotChoiceGuard(db);

  async function assertCoinKnown(coinId: string): Promise<void> {
    if (!(await market.getCoin(coinId, 'usd')))
      throw validationError({ coin_id: [portfolioMessages.unknownCoin] });
  }

  /**
   * A fee in another currency is valued by its code: a fiat currency at the day's rate, a coin
   * by the symbol's known coin (bnb -> binancecoin) at its close. A code that is neither could
   * never be valued, so it is refused rather than stored as a fee forever without a price.
   */
  function assertFeeCurrencyKnown(feeCurrency: string | undefined): void {
    if (feeCurrency === undefined || feeCurrencyKnown(feeCurrency)) return;
    throw validationError({ fee_currency: [portfolioMessages.unknownFeeCurrency] });
  }

  /**
   * The coins paid as a fee leave the holding as a sale of that coin at its close of the day
   * (a disposal at market value, as the CSV import records it): priced through ledgers.feeIn,
   * the close the trade's fee is valued at, so the fee counted equals the sale's proceeds.
   */
  async function feeSale(userId: string, body: TransactionCreateBody): Promise<TransactionValues> {
    const code = body.fee_currency ?? '';
    const coinId = bestKnownCoinId(code);
    if (coinId === null || isFiat(code) || new Dec(body.fee).isZero()) {
      throw validationError({ record_fee_sale: [portfolioMessages.feeSaleNeedsCoinFee] });
    }
    const portfolio = await findPortfolio(db, userId, body.portfolio_id);
    if (!portfolio) throw portfolioMissing();
    const executedAt = new Date(body.date).toISOString();
    const close = await ledgers.feeIn(portfolio.currency, {
      id: feeSaleId,
      coin_id: coinId,
      type: 'sell',
      quantity: body.fee,
      price_per_coin: '0',
      fee: '1',
      fee_currency: code,
      executed_at: executedAt,
    });
    if (close.fee === null) {
      const symbol = code.toUpperCase();
      throw validationError({
        record_fee_sale: [
          `No ${symbol} price in ${portfolio.currency.toUpperCase()} stored for that day: the ${symbol} paid cannot be recorded as a sale yet`,
        ],
      });
    }
    return {
      portfolioId: body.portfolio_id,
      coinId,
      type: 'sell',
      quantity: body.fee,
      pricePerCoin: close.fee,
      fee: '0',
      feeCurrency: null,
      executedAt: new Date(body.date),
      note: `Fee paid in ${code.toUpperCase()}${body.note ? `: ${body.note}` : ''}`.slice(0, noteMaxLength),
      rewardKind: null,
    };
  }

  async function getOwned(userId: string, id: string) {
    const row = await findTransaction(db, userId, id);
    if (!row) throw notFound(portfolioMessages.transactionNotFound);
    return row;
  }

  /**
   * A write to the user's stored row `id` (and to `target`, the portfolio it moves to). The row
   * is read again with its portfolio locked; one that a concurrent edit moved to another
   * portfolio meanwhile is written again with that portfolio locked instead.
   */
  async function writeRow<R>(
    userId: string,
    id: string,
    target: string | undefined,
    plan: (stored: TransactionRow) => Promise<LedgerWritePlan<R>> | LedgerWritePlan<R>,
    checked: LotChoiceVerdict | null = null,
  ): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      const seen = await getOwned(userId, id);
      try {
        return await writer.write({
          userId,
          portfolioIds: lots.lockIds(
            checked,
            target === undefined ? [seen.portfolioId] : [seen.portfolioId, target],
          ),
          missingPortfolio: portfolioMissing,
          plan: async (tx, portfolios) => {
            lots.assertFresh(checked, portfolios);
            const stored = await findTransaction(tx, userId, id);
            if (!stored) throw notFound(portfolioMessages.transactionNotFound);
            if (stored.portfolioId !== seen.portfolioId) throw new RowMoved();
            return plan(stored);
          },
        });
      } catch (error) {
        if (!(error instanceof RowMoved) || attempt >= 3) throw error;
      }
    }
  }

  /** The user's coins whose name or symbol contains the text ("btc", "Bitcoin", "eth"). */
  async function coinsNamed(userId: string, text: string): Promise<string[]> {
    const ids = await userCoinIds(db, userId);
    if (ids.length === 0) return [];
    const quotes = await market.getQuotes(ids, 'usd').catch(() => new Map());
    const needle = text.toLowerCase();
    return ids.filter((id) => {
      const quote = quotes.get(id);
      return (
        quote !== undefined &&
        (quote.name.toLowerCase().includes(needle) || quote.symbol.toLowerCase().includes(needle))
      );
    });
  }

  const checks = createTransactionChecks({
    db,
    market,
    preferences,
    ledgers,
    portfolioMissing,
    assertFeeCurrencyKnown,
    assertCoinKnown,
  });

  return {
    async list(userId: string, query: TransactionListQuery, path: string): Promise<TransactionListResponse> {
      const offset = (query.page - 1) * query.page_size;
      const text = query.q?.trim() ?? '';
      const { rows, count } = await listTransactions(
        db,
        userId,
        {
          portfolioId: query.portfolio_id,
          coinId: query.coin_id,
          type: query.type,
          search: text === '' ? undefined : { text, coinIds: await coinsNamed(userId, text) },
        },
        { limit: query.page_size, offset },
      );
      const link = (page: number) => {
        const params = new URLSearchParams();
        if (query.portfolio_id) params.set('portfolio_id', query.portfolio_id);
        if (query.coin_id) params.set('coin_id', query.coin_id);
        if (query.type) params.set('type', query.type);
        if (text !== '') params.set('q', text);
        params.set('page', String(page));
        params.set('page_size', String(query.page_size));
        return `${path}?${params.toString()}`;
      };
      const sales = rows.filter((r) => r.type === 'sell').map((r) => r.id);
      const chosen = await findLotChoices(db, userId, sales);
      return {
        results: rows.map((r) => toTransactionWithLots(r, chosen.get(r.id))),
        count,
        next: offset + rows.length < count ? link(query.page + 1) : null,
        previous: query.page > 1 ? link(query.page - 1) : null,
      };
    },

    async get(userId: string, id: string): Promise<Transaction> {
      const row = await getOwned(userId, id);
      return toTransactionWithLots(row, (await findLotChoices(db, userId, [id])).get(id));
    },

    /** The tax module's check of lots named by sales (set once, by app.ts). */
    useLotChoiceCheck(check: LotChoiceCheck): void {
      lots.use(check);
    },

    async create(userId: string, body: TransactionCreateBody, locale: string): Promise<Transaction> {
      assertFeeCurrencyKnown(body.fee_currency);
      await assertCoinKnown(body.coin_id);
      const values = toValues(body);
      const sale = body.record_fee_sale ? await feeSale(userId, body) : null;
      const rows = sale ? [values, sale] : [values];
      const named = bodyLots(body) ?? [];
      return spokenOversells(market, locale, () =>
        lots.write(
          async () => {
            const now = deps.clock();
            return {
              edit: {
                userId,
                removedIds: [],
                added: rows.map((v, i) => ({
                  id: i === 0 ? newRowId : feeSaleId,
                  values: v,
                  createdAt: now,
                })),
                choice: named.length > 0 ? { saleId: newRowId, lines: named } : undefined,
              },
              coinIds: rows.map((v) => v.coinId),
            };
          },
          (checked) =>
            writer.write({
              userId,
              portfolioIds: lots.lockIds(checked, [body.portfolio_id]),
              missingPortfolio: portfolioMissing,
              plan: (_tx, portfolios) => {
                lots.assertFresh(checked, portfolios);
                return {
                  edits: rows.map((v, i) => ({
                    portfolioId: body.portfolio_id,
                    change: {
                      kind: 'create',
                      transaction: valuesToLedger(i === 0 ? newRowId : feeSaleId, v),
                    },
                  })),
                  rejectOversells: ([first]) => {
                    const violation = violationOf(first);
                    // The fee coin is not held (enough): said on the choice that asked for the sale.
                    if (violation.transaction_id === feeSaleId)
                      return new OversellRejection(violation, 'self', 'record_fee_sale');
                    return oversellError(violation);
                  },
                  write: async (tx, now) => {
                    const inserted = await insertTransactions(tx, userId, rows, now);
                    const [created] = inserted;
                    if (!created) throw new Error('insert returned no row');
                    // The choice is written with its sale, in the same transaction.
                    if (named.length > 0) await replaceLotChoices(tx, userId, created.id, named);
                    return { result: toTransactionWithLots(created, named), added: inserted, removedIds: [] };
                  },
                };
              },
            }),
        ),
      );
    },

    async update(
      userId: string,
      id: string,
      body: TransactionCreateBody,
      locale: string,
    ): Promise<Transaction> {
      assertFeeCurrencyKnown(body.fee_currency);
      const values = toValues(body);
      const sent = bodyLots(body);
      // A row that stops being a sale loses its choice; a sale sent without lots keeps its own.
      const choice: { lines: StoredLotChoice[] } | undefined =
        values.type !== 'sell' ? { lines: [] } : sent === undefined ? undefined : { lines: sent };
      return spokenOversells(market, locale, () =>
        lots.write(
          async () => {
            const seen = await getOwned(userId, id);
            return {
              edit: {
                userId,
                removedIds: [id],
                added: [{ id, values, createdAt: seen.createdAt }],
                choice: choice && { saleId: id, lines: choice.lines.length > 0 ? choice.lines : null },
                keeps: choice === undefined ? id : undefined,
              },
              coinIds: [...new Set([seen.coinId, values.coinId])],
            };
          },
          (checked) =>
            writeRow(
              userId,
              id,
              body.portfolio_id,
              async (stored) => {
                assertChainFieldsKept(stored, values);
                if (stored.coinId !== body.coin_id) await assertCoinKnown(body.coin_id);
                const moved = stored.portfolioId !== body.portfolio_id || stored.coinId !== body.coin_id;
                const edits: LedgerEdit[] = moved
                  ? [
                      // The old coin's timeline loses the row (a later sell there may now oversell)...
                      {
                        portfolioId: stored.portfolioId,
                        change: { kind: 'delete', transactionId: id },
                        storedCoinId: stored.coinId,
                      },
                      // ...and the new one gains it, at its original entry time.
                      {
                        portfolioId: body.portfolio_id,
                        change: { kind: 'create', transaction: valuesToLedger(id, values, stored.createdAt) },
                      },
                    ]
                  : [
                      {
                        portfolioId: body.portfolio_id,
                        change: { kind: 'update', transaction: valuesToLedger(id, values) },
                        storedCoinId: stored.coinId,
                      },
                    ];
                return {
                  edits,
                  rejectOversells: (oversells) => {
                    if (moved) {
                      const left = oversells.find(
                        (o) => o.portfolioId === stored.portfolioId && o.violation.coin_id === stored.coinId,
                      );
                      if (left) return oversellError(left.violation, 'later');
                      return oversellError(violationOf(oversells[0]));
                    }
                    const violation = violationOf(oversells[0]);
                    return oversellError(violation, violation.transaction_id === id ? 'self' : 'later');
                  },
                  write: async (tx, now) => {
                    const updated = await updateTransaction(tx, userId, id, values, now);
                    if (!updated) throw notFound(portfolioMessages.transactionNotFound);
                    if (choice) await replaceLotChoices(tx, userId, id, choice.lines);
                    const kept = choice ? choice.lines : (await findLotChoices(tx, userId, [id])).get(id);
                    return {
                      result: toTransactionWithLots(updated, kept),
                      added: [updated],
                      removedIds: [id],
                    };
                  },
                };
              },
              checked,
            ),
        ),
      );
    },

    async remove(userId: string, id: string, locale: string): Promise<void> {
      await spokenOversells(market, locale, () =>
        lots.write(
          async () => {
            const seen = await getOwned(userId, id);
            return { edit: { userId, removedIds: [id], added: [] }, coinIds: [seen.coinId] };
          },
          (checked) =>
            writeRow(
              userId,
              id,
              undefined,
              (stored) => ({
                edits: [
                  {
                    portfolioId: stored.portfolioId,
                    change: { kind: 'delete', transactionId: id },
                    storedCoinId: stored.coinId,
                  },
                ],
                rejectOversells: ([first]) => oversellError(violationOf(first), 'delete'),
                // The sale's choice of lots goes with it (its rows cascade).
                write: async (tx) => {
                  await deleteTransaction(tx, userId, id);
                  return { result: undefined, added: [], removedIds: [id] };
                },
              }),
              checked,
            ),
        ),
      );
    },

    ...checks,
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
