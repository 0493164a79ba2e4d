import {
  type CsvRowError,
  type ImportCommitBody,
  type ImportPreviewBody,
  type ImportPreviewResponse,
  portfolioMessages,
  type TransactionType,
} from '@app/contracts';
import {
  computeLedger,
  duplicateKey,
  exportTransactionsCsv,
  type LedgerTransaction,
  likelyDuplicates,
  parseImportCsv,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/market-reader.ts';
import { type LedgerCache, toLedgerTransaction } from '../portfolios/ledger-cache.ts';
import {
  bumpPortfolioRevision,
  findPortfolio,
  lockPortfolio,
  type PortfolioRow,
} from '../portfolios/portfolios.repository.ts';
import { plain } from './transaction-mapper.ts';
import {
  insertTransactions,
  listPortfolioTransactions,
  type TransactionValues,
} from './transactions.repository.ts';
import { notFound } from './transactions.service.ts';

/** Quotes in these stablecoins are taken as US dollars (with a warning on the row). */
const usdStablecoins = new Set(['USDT', 'USDC', 'BUSD', 'FDUSD', 'DAI', 'TUSD', 'USDP']);

export function createCsvImportService(deps: {
  db: Db;
  clock: Clock;
  market: MarketReader;
  ledgers: LedgerCache;
}) {
  const { db, clock, market, ledgers } = deps;

  async function owned(userId: string, portfolioId: string): Promise<PortfolioRow> {
    const portfolio = await findPortfolio(db, userId, portfolioId);
    if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound);
    return portfolio;
  }

  async function knownIds(ids: Iterable<string>): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const quotes = unique.length > 0 ? await market.getQuotes(unique, 'usd') : new Map();
    return new Map([...quotes.values()].map((q) => [q.id, q.symbol]));
  }

  /** Rows → oversell errors against the stored timeline (line 0: an existing row is starved). */
  function oversells(
    stored: readonly LedgerTransaction[],
    rows: readonly {
      line: number;
      coin_id: string;
      transaction: ImportCommitBody['rows'][number]['transaction'];
    }[],
  ): CsvRowError[] {
    const incoming: LedgerTransaction[] = rows.map((r, i) => ({
      id: `import-${i}`,
      coin_id: r.coin_id,
      type: r.transaction.type,
      quantity: r.transaction.quantity,
      price_per_coin: r.transaction.price_per_coin,
      fee: r.transaction.fee,
      executed_at: new Date(r.transaction.date).toISOString(),
      // No created_at: after stored rows at the same instant, then in file order (stable sort).
    }));
    const coins = new Set(rows.map((r) => r.coin_id));
    const { violations } = computeLedger([...stored.filter((t) => coins.has(t.coin_id)), ...incoming], {
      explain: false,
    });
    return violations.map((v) => {
      const index = v.transaction_id.startsWith('import-') ? Number(v.transaction_id.slice(7)) : -1;
      const line = rows[index]?.line ?? 0;
      return {
        line,
        field: 'quantity',
        message: index >= 0 ? v.message : `A stored transaction would oversell: ${v.message}`,
      };
    });
  }

  return {
    async preview(
      userId: string,
      portfolioId: string,
      body: ImportPreviewBody,
    ): Promise<ImportPreviewResponse> {
      const portfolio = await owned(userId, portfolioId);
      const parsed = parseImportCsv(body.csv, { preset: body.preset });
      const errors: CsvRowError[] = [...parsed.errors];
      const known = await knownIds(parsed.rows.flatMap((r) => (r.coin_id ? [r.coin_id] : [])));
      const currency = portfolio.currency.toUpperCase();
      const good: typeof parsed.rows = [];
      for (const row of parsed.rows) {
        if (!row.coin_id || !known.has(row.coin_id)) {
          errors.push({
            line: row.line,
            field: 'coin',
            message: `${row.symbol}: ${portfolioMessages.unknownCoin}`,
          });
          continue;
        }
        const quote = row.price_currency?.toUpperCase() ?? null;
        if (quote && quote !== currency) {
          if (currency === 'USD' && usdStablecoins.has(quote)) {
            row.warnings.push(`Prices in ${quote} are taken as USD`);
          } else if (row.transaction.price_per_coin !== '0' || row.transaction.fee !== '0') {
            errors.push({
              line: row.line,
              field: 'price_per_coin',
              message: `Prices are in ${quote} but this portfolio is in ${currency}: import into a ${quote} portfolio`,
            });
            continue;
          }
        }
        good.push(row);
      }
      const stored = await listPortfolioTransactions(db, userId, portfolio.id);
      const symbols = await knownIds(stored.map((t) => t.coinId));
      const existingKeys = stored.map((t) =>
        duplicateKey(
          t.executedAt.toISOString(),
          t.type,
          symbols.get(t.coinId) ?? t.coinId,
          plain(t.quantity),
          plain(t.pricePerCoin),
        ),
      );
      const duplicates = likelyDuplicates(parsed.rows, existingKeys);
      const book = await ledgers.book(db, portfolio);
      errors.push(
        ...oversells(
          book.transactions,
          good.map((r) => ({ line: r.line, coin_id: r.coin_id ?? '', transaction: r.transaction })),
        ),
      );
      return {
        ...parsed,
        errors: errors.sort((a, b) => a.line - b.line),
        portfolio_id: portfolio.id,
        duplicate_lines: [...duplicates].sort((a, b) => a - b),
      };
    },

    /** All rows or none: every check runs before the single database transaction writes them. */
    async commit(userId: string, portfolioId: string, body: ImportCommitBody): Promise<{ created: number }> {
      const known = await knownIds(body.rows.map((r) => r.coin_id));
      const errors: CsvRowError[] = body.rows
        .filter((r) => !known.has(r.coin_id))
        .map((r) => ({ line: r.line, field: 'coin', message: portfolioMessages.unknownCoin }));
      const created = await db.transaction(async (tx) => {
        const portfolio = await lockPortfolio(tx, userId, portfolioId);
        if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound);
        if (errors.length === 0)
          errors.push(...oversells((await ledgers.book(tx, portfolio)).transactions, body.rows));
        if (errors.length > 0) {
          throw new AppError({
            status: 400,
            code: 'validation_error',
            category: 'validation',
            message: portfolioMessages.importRowsInvalid,
            details: { rows: errors, fields: { rows: errors.map((e) => `Line ${e.line}: ${e.message}`) } },
          });
        }
        const values: TransactionValues[] = body.rows.map((r) => ({
          portfolioId: portfolio.id,
          coinId: r.coin_id,
          type: r.transaction.type,
          quantity: r.transaction.quantity,
          pricePerCoin: r.transaction.price_per_coin,
          fee: r.transaction.fee,
          feeCurrency: r.transaction.fee_currency ?? null,
          executedAt: new Date(r.transaction.date),
          note: r.transaction.note,
          rewardKind: r.transaction.type === 'reward' ? (r.transaction.reward_kind ?? null) : null,
        }));
        const now = clock();
        const rows = await insertTransactions(tx, userId, values, now);
        const to = await bumpPortfolioRevision(tx, portfolio.id, now);
        return { rows, from: portfolio.revision, to };
      });
      ledgers.apply(portfolioId, created.from, created.to, { add: created.rows.map(toLedgerTransaction) });
      return { created: created.rows.length };
    },

    async exportCsv(userId: string, portfolioId: string): Promise<{ filename: string; csv: string }> {
      const portfolio = await owned(userId, portfolioId);
      const stored = await listPortfolioTransactions(db, userId, portfolio.id);
      const symbols = await knownIds(stored.map((t) => t.coinId));
      const csv = exportTransactionsCsv(
        stored.map((t) => ({
          executed_at: t.executedAt.toISOString(),
          type: t.type as TransactionType,
          symbol: symbols.get(t.coinId) ?? t.coinId,
          coin_id: t.coinId,
          quantity: plain(t.quantity),
          price_per_coin: plain(t.pricePerCoin),
          fee: plain(t.fee),
          note: t.note,
          ...(t.rewardKind ? { reward_kind: t.rewardKind as 'staking' | 'airdrop' | 'other' } : {}),
        })),
      );
      const slug =
        portfolio.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'portfolio';
      return { filename: `${slug}-transactions.csv`, csv };
    },
  };
}

export type CsvImportService = ReturnType<typeof createCsvImportService>;
