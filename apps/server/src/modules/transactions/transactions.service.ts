import {
  errorCodes,
  type OversellViolation,
  portfolioMessages,
  type Transaction,
  type TransactionCheckBody,
  type TransactionCreateBody,
  type TransactionListQuery,
  type TransactionListResponse,
  type TransactionPreviewResponse,
  type TransactionValidateResponse,
} from '@app/contracts';
import {
  applyChange,
  type LedgerChange,
  type LedgerTransaction,
  previewTransaction,
  validateLedger,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/market-reader.ts';
import { type LedgerCache, toLedgerTransaction } from '../portfolios/ledger-cache.ts';
import {
  bumpPortfolioRevision,
  findPortfolio,
  lockPortfolio,
  type PortfolioRow,
} from '../portfolios/portfolios.repository.ts';
import type { PreferencesReader } from '../portfolios/preferences.ts';
import { toTransaction, toValues, valuesToLedger } from './transaction-mapper.ts';
import {
  deleteTransaction,
  findTransaction,
  insertTransactions,
  listTransactions,
  type TransactionRow,
  type TransactionValues,
  updateTransaction,
} from './transactions.repository.ts';

export interface TransactionsServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
}

export function notFound(message: string, field?: string): AppError {
  return new AppError({
    status: 404,
    code: errorCodes.notFound,
    category: 'not_found',
    message,
    details: field ? { fields: { [field]: [message] } } : null,
  });
}

/** The field an oversell is reported on: the quantity the user typed (or the row it starves). */
export function oversellError(violation: OversellViolation, prefix = ''): AppError {
  return validationError({ quantity: [`${prefix}${violation.message}`] });
}

/** Oversell depends only on one coin's own timeline, so only that coin's rows are replayed. */
export function coinViolation(
  timeline: readonly LedgerTransaction[],
  coinId: string,
  changes: readonly LedgerChange[],
): OversellViolation | null {
  let rows = timeline.filter((t) => t.coin_id === coinId);
  for (const change of changes) rows = applyChange(rows, change);
  return validateLedger(rows.filter((t) => t.coin_id === coinId));
}

function rowToLedger(row: TransactionRow): LedgerTransaction {
  return toLedgerTransaction(row);
}

export function createTransactionsService(deps: TransactionsServiceDeps) {
  const { db, clock, market, preferences, ledgers } = deps;

  async function assertCoinKnown(coinId: string): Promise<void> {
    if (!(await market.getCoin(coinId, 'usd')))
      throw validationError({ coin_id: [portfolioMessages.unknownCoin] });
  }

  async function locked(tx: Db, userId: string, portfolioId: string): Promise<PortfolioRow> {
    const row = await lockPortfolio(tx, userId, portfolioId);
    if (!row) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    return row;
  }

  /** One coin's stored timeline in the portfolio (oversell never depends on other coins). */
  async function timeline(tx: Db, portfolio: PortfolioRow, coinId: string): Promise<LedgerTransaction[]> {
    return (await ledgers.book(tx, portfolio)).coinTransactions(coinId);
  }

  async function getOwned(userId: string, id: string) {
    const row = await findTransaction(db, userId, id);
    if (!row) throw notFound(portfolioMessages.transactionNotFound);
    return row;
  }

  return {
    async list(userId: string, query: TransactionListQuery, path: string): Promise<TransactionListResponse> {
      const offset = (query.page - 1) * query.page_size;
      const { rows, count } = await listTransactions(
        db,
        userId,
        { portfolioId: query.portfolio_id, coinId: query.coin_id, type: query.type },
        { limit: query.page_size, offset },
      );
      const link = (page: number) => {
        const params = new URLSearchParams();
        if (query.portfolio_id) params.set('portfolio_id', query.portfolio_id);
        if (query.coin_id) params.set('coin_id', query.coin_id);
        if (query.type) params.set('type', query.type);
        params.set('page', String(page));
        params.set('page_size', String(query.page_size));
        return `${path}?${params.toString()}`;
      };
      return {
        results: rows.map(toTransaction),
        count,
        next: offset + rows.length < count ? link(query.page + 1) : null,
        previous: query.page > 1 ? link(query.page - 1) : null,
      };
    },

    async get(userId: string, id: string): Promise<Transaction> {
      return toTransaction(await getOwned(userId, id));
    },

    async create(userId: string, body: TransactionCreateBody): Promise<Transaction> {
      await assertCoinKnown(body.coin_id);
      const values = toValues(body);
      const row = await db.transaction(async (tx) => {
        const portfolio = await locked(tx, userId, body.portfolio_id);
        const violation = coinViolation(await timeline(tx, portfolio, body.coin_id), body.coin_id, [
          { kind: 'create', transaction: valuesToLedger('__new__', values) },
        ]);
        if (violation) throw oversellError(violation);
        const now = clock();
        const [created] = await insertTransactions(tx, userId, [values], now);
        if (!created) throw new Error('insert returned no row');
        const to = await bumpPortfolioRevision(tx, portfolio.id, now);
        return { created, from: portfolio.revision, to };
      });
      ledgers.apply(body.portfolio_id, row.from, row.to, { add: [rowToLedger(row.created)] });
      return toTransaction(row.created);
    },

    async update(userId: string, id: string, body: TransactionCreateBody): Promise<Transaction> {
      const values = toValues(body);
      const row = await db.transaction(async (tx) => {
        const existing = await findTransaction(tx, userId, id);
        if (!existing) throw notFound(portfolioMessages.transactionNotFound);
        if (existing.coinId !== body.coin_id) await assertCoinKnown(body.coin_id);
        // Lock in id order so two edits moving rows between the same portfolios cannot deadlock.
        const ids = [...new Set([existing.portfolioId, body.portfolio_id])].sort();
        const rows = new Map<string, PortfolioRow>();
        for (const pid of ids) rows.set(pid, await locked(tx, userId, pid));
        const target = rows.get(body.portfolio_id);
        const source = rows.get(existing.portfolioId);
        if (!target || !source) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
        const moved = existing.portfolioId !== body.portfolio_id || existing.coinId !== body.coin_id;
        if (moved) {
          // The old coin's timeline loses the row: a later sell there may now oversell.
          const left = coinViolation(await timeline(tx, source, existing.coinId), existing.coinId, [
            { kind: 'delete', transactionId: id },
          ]);
          if (left) throw oversellError(left, 'A later transaction would oversell: ');
          const arrived = coinViolation(
            (await timeline(tx, target, body.coin_id)).filter((t) => t.id !== id),
            body.coin_id,
            [{ kind: 'create', transaction: valuesToLedger(id, values, existing.createdAt) }],
          );
          if (arrived) throw oversellError(arrived);
        } else {
          const violation = coinViolation(await timeline(tx, target, body.coin_id), body.coin_id, [
            { kind: 'update', transaction: valuesToLedger(id, values) },
          ]);
          if (violation)
            throw oversellError(
              violation,
              violation.transaction_id === id ? '' : 'A later transaction would oversell: ',
            );
        }
        const now = clock();
        const updated = await updateTransaction(tx, userId, id, values, now);
        if (!updated) throw notFound(portfolioMessages.transactionNotFound);
        const revisions: { id: string; from: number; to: number }[] = [];
        for (const pid of ids) {
          revisions.push({
            id: pid,
            from: rows.get(pid)?.revision ?? -1,
            to: await bumpPortfolioRevision(tx, pid, now),
          });
        }
        return { updated, revisions };
      });
      for (const r of row.revisions) {
        ledgers.apply(r.id, r.from, r.to, {
          removeIds: [id],
          ...(r.id === body.portfolio_id ? { add: [rowToLedger(row.updated)] } : {}),
        });
      }
      return toTransaction(row.updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      await db
        .transaction(async (tx) => {
          const existing = await findTransaction(tx, userId, id);
          if (!existing) throw notFound(portfolioMessages.transactionNotFound);
          const portfolio = await locked(tx, userId, existing.portfolioId);
          const violation = coinViolation(await timeline(tx, portfolio, existing.coinId), existing.coinId, [
            { kind: 'delete', transactionId: id },
          ]);
          if (violation) throw oversellError(violation, 'Deleting it would oversell a later transaction: ');
          await deleteTransaction(tx, userId, id);
          return {
            id: portfolio.id,
            from: portfolio.revision,
            to: await bumpPortfolioRevision(tx, portfolio.id, clock()),
          };
        })
        .then((r) => ledgers.apply(r.id, r.from, r.to, { removeIds: [id] }));
    },

    /** Field errors for the form, without writing anything; 200 with valid:false on oversell. */
    async validate(userId: string, body: TransactionCheckBody): Promise<TransactionValidateResponse> {
      const { rows, moved } = await checkContext(userId, body);
      const violation = coinViolation(rows, body.coin_id, [checkChange(body, moved)]);
      return {
        valid: violation === null,
        errors: violation ? { quantity: [violation.message] } : {},
        violation,
      };
    },

    async preview(userId: string, body: TransactionCheckBody): Promise<TransactionPreviewResponse> {
      const { rows, moved } = await checkContext(userId, body);
      const prefs = await preferences.get(userId);
      const coinRows = rows.filter((t) => t.coin_id === body.coin_id);
      const values = toValues(body);
      return previewTransaction(
        coinRows,
        {
          coin_id: values.coinId,
          type: body.type,
          quantity: values.quantity,
          price_per_coin: values.pricePerCoin,
          fee: values.fee,
          executed_at: values.executedAt.toISOString(),
        },
        { method: prefs.cost_basis_method, replaces: moved ? undefined : body.transaction_id },
      );
    },
  };

  async function checkContext(userId: string, body: TransactionCheckBody) {
    const portfolio = await findPortfolio(db, userId, body.portfolio_id);
    if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    await assertCoinKnown(body.coin_id);
    let rows = (await ledgers.book(db, portfolio)).coinTransactions(body.coin_id);
    if (body.transaction_id) {
      const existing = await findTransaction(db, userId, body.transaction_id);
      if (!existing) throw notFound(portfolioMessages.transactionNotFound, 'transaction_id');
      // An edit that moves the row to another portfolio or coin: check it as a new row here.
      if (existing.portfolioId !== body.portfolio_id || existing.coinId !== body.coin_id) {
        rows = rows.filter((t) => t.id !== body.transaction_id);
        return { portfolio, rows, moved: true };
      }
    }
    return { portfolio, rows, moved: false };
  }
}

function checkChange(body: TransactionCheckBody, moved: boolean): LedgerChange {
  const values: TransactionValues = toValues(body);
  return body.transaction_id && !moved
    ? { kind: 'update', transaction: valuesToLedger(body.transaction_id, values) }
    : { kind: 'create', transaction: valuesToLedger('__candidate__', values) };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
