import {
  portfolioMessages,
  type TransactionCheckBody,
  type TransactionPreviewResponse,
  type TransactionValidateResponse,
} from '@app/contracts';
import { previewTransaction } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  findOversells,
  findPortfolio,
  findTransaction,
  type LedgerEdit,
  localisedViolation,
  type TransactionValues,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { toValues, valuesToLedger } from './transaction-mapper.ts';

/**
 * The form's checks while it is typed (validate, preview): what saving would do, nothing written.
 * The service's own checks of a body (fee currency, coin) are handed in, so both answer alike.
 */
export function createTransactionChecks(deps: {
  db: Db;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
  portfolioMissing: () => Error;
  assertFeeCurrencyKnown: (feeCurrency: string | undefined) => void;
  assertCoinKnown: (coinId: string) => Promise<void>;
}) {
  const { db, market, preferences, ledgers, portfolioMissing, assertFeeCurrencyKnown, assertCoinKnown } =
    deps;

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

  return {
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
