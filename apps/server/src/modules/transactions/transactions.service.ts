import {
  noteMaxLength,
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
  bestKnownCoinId,
  Dec,
  feeCurrencyKnown,
  isFiat,
  type OversellLead,
  previewTransaction,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  createLedgerWriter,
  deleteTransaction,
  findOversells,
  findPortfolio,
  findTransaction,
  insertTransactions,
  type LedgerEdit,
  type LedgerWritePlan,
  listTransactions,
  localisedViolation,
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
import { toTransaction, toValues, valuesToLedger } from './transaction-mapper.ts';

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
  ): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      const seen = await getOwned(userId, id);
      try {
        return await writer.write({
          userId,
          portfolioIds: target === undefined ? [seen.portfolioId] : [seen.portfolioId, target],
          missingPortfolio: portfolioMissing,
          plan: async (tx) => {
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

    async create(userId: string, body: TransactionCreateBody, locale: string): Promise<Transaction> {
      assertFeeCurrencyKnown(body.fee_currency);
      await assertCoinKnown(body.coin_id);
      const values = toValues(body);
      const sale = body.record_fee_sale ? await feeSale(userId, body) : null;
      const rows = sale ? [values, sale] : [values];
      return spokenOversells(market, locale, () =>
        writer.write({
          userId,
          portfolioIds: [body.portfolio_id],
          missingPortfolio: portfolioMissing,
          plan: () => ({
            edits: rows.map((v, i) => ({
              portfolioId: body.portfolio_id,
              change: { kind: 'create', transaction: valuesToLedger(i === 0 ? '__new__' : feeSaleId, v) },
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
              return { result: toTransaction(created), added: inserted, removedIds: [] };
            },
          }),
        }),
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
      return spokenOversells(market, locale, () =>
        writeRow(userId, id, body.portfolio_id, async (stored) => {
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
              return { result: toTransaction(updated), added: [updated], removedIds: [id] };
            },
          };
        }),
      );
    },

    async remove(userId: string, id: string, locale: string): Promise<void> {
      await spokenOversells(market, locale, () =>
        writeRow(userId, id, undefined, (stored) => ({
          edits: [
            {
              portfolioId: stored.portfolioId,
              change: { kind: 'delete', transactionId: id },
              storedCoinId: stored.coinId,
            },
          ],
          rejectOversells: ([first]) => oversellError(violationOf(first), 'delete'),
          write: async (tx) => {
            await deleteTransaction(tx, userId, id);
            return { result: undefined, added: [], removedIds: [id] };
          },
        })),
      );
    },

    /** Field errors for the form, without writing anything; 200 with valid:false on oversell. */
    async validate(
      userId: string,
      body: TransactionCheckBody,
      locale: string,
    ): Promise<TransactionValidateResponse> {
      const { portfolio, book, moved } = await checkContext(userId, body);
      const [first] = findOversells(new Map([[portfolio.id, book]]), [checkEdit(portfolio.id, body, moved)]);
      const violation = first ? await localisedViolation(market, first.violation, locale) : null;
      return {
        valid: violation === null,
        errors: violation ? { quantity: [violation.message] } : {},
        violation,
      };
    },

    async preview(
      userId: string,
      body: TransactionCheckBody,
      locale: string,
    ): Promise<TransactionPreviewResponse> {
      const { portfolio, book, moved } = await checkContext(userId, body);
      const prefs = await preferences.get(userId);
      const coinRows = book.coinTransactions(body.coin_id);
      const values = toValues(body);
      const executedAt = values.executedAt.toISOString();
      // A fee in another currency counts at its day's value, as in the books; without one it is
      // left out of the preview and the answer says so.
      const fee = await ledgers.feeIn(portfolio.currency, {
        id: 'candidate',
        coin_id: values.coinId,
        type: body.type,
        quantity: values.quantity,
        price_per_coin: values.pricePerCoin,
        fee: values.fee,
        fee_currency: body.fee_currency,
        executed_at: executedAt,
      });
      const preview = previewTransaction(
        coinRows,
        {
          coin_id: values.coinId,
          type: body.type,
          quantity: values.quantity,
          price_per_coin: values.pricePerCoin,
          fee: fee.fee ?? '0',
          executed_at: executedAt,
        },
        { method: prefs.cost_basis_method, replaces: moved ? undefined : body.transaction_id },
      );
      const spoken = preview.violation
        ? { ...preview, violation: await localisedViolation(market, preview.violation, locale) }
        : preview;
      return fee.issue === null ? spoken : { ...spoken, fee_without_price: true };
    },
  };

  async function checkContext(userId: string, body: TransactionCheckBody) {
    const portfolio = await findPortfolio(db, userId, body.portfolio_id);
    if (!portfolio) throw portfolioMissing();
    assertFeeCurrencyKnown(body.fee_currency);
    await assertCoinKnown(body.coin_id);
    const book = await ledgers.book(db, portfolio);
    if (body.transaction_id) {
      const existing = await findTransaction(db, userId, body.transaction_id);
      if (!existing) throw notFound(portfolioMessages.transactionNotFound, 'transaction_id');
      // An edit that moves the row to another portfolio or coin: check it as a new row here.
      if (existing.portfolioId !== body.portfolio_id || existing.coinId !== body.coin_id) {
        return { portfolio, book, moved: true };
      }
    }
    return { portfolio, book, moved: false };
  }
}

/** What the checked form would do to the portfolio: a new row, or its stored row replaced. */
function checkEdit(portfolioId: string, body: TransactionCheckBody, moved: boolean): LedgerEdit {
  const values: TransactionValues = toValues(body);
  return body.transaction_id && !moved
    ? {
        portfolioId,
        change: { kind: 'update', transaction: valuesToLedger(body.transaction_id, values) },
        storedCoinId: body.coin_id,
      }
    : { portfolioId, change: { kind: 'create', transaction: valuesToLedger('__candidate__', values) } };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
