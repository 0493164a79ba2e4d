import {
  limitMessages,
  type Portfolio,
  type PortfolioCreateBody,
  type PortfolioCurrency,
  type PortfolioListResponse,
  type PortfolioUpdateBody,
  portfolioCurrencies,
  portfolioMessages,
} from '@app/contracts';
import { toDecimalString, toDecimalStringOrNull } from '@app/core';
import type { Db } from '../../db/client.ts';
import { lockUserCreates } from '../../db/user-locks.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  countPortfolios,
  deletePortfolio,
  findPortfolio,
  insertPortfolio,
  listPortfolios,
  loadUserBooks,
  type PortfolioRow,
  updatePortfolio,
  valuationTotals,
  valuePortfolios,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';

export function createPortfoliosService(deps: {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
  /** LIMIT_PORTFOLIOS_PER_USER. */
  portfoliosPerUser: number;
}) {
  const { db, clock, market, preferences, ledgers, portfoliosPerUser } = deps;

  /** Portfolio: figures in the user's base currency at current prices. */
  async function withFigures(userId: string, rows: PortfolioRow[]): Promise<Portfolio[]> {
    if (rows.length === 0) return [];
    const prefs = await preferences.get(userId);
    const loaded = await loadUserBooks(
      db,
      ledgers,
      userId,
      rows.map((r) => r.id),
    );
    const byId = new Map(loaded.map((l) => [l.portfolio.id, l]));
    return Promise.all(
      rows.map(async (row) => {
        const l = byId.get(row.id);
        const totals = valuationTotals(
          await valuePortfolios(l ? [l] : [], prefs.cost_basis_method, prefs.base_currency, market),
        );
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          portfolio_type: row.portfolioType,
          currency: row.currency as PortfolioCurrency,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          total_value: toDecimalString(totals.totalValue),
          unique_coins_count: totals.uniqueCoins,
          change_24h: toDecimalString(totals.change24h),
          change_percentage_24h: toDecimalStringOrNull(totals.changePercentage24h),
        };
      }),
    );
  }

  return {
    async list(userId: string): Promise<PortfolioListResponse> {
      const results = await withFigures(userId, await listPortfolios(db, userId));
      return { results, count: results.length };
    },

    async create(userId: string, body: PortfolioCreateBody): Promise<Portfolio> {
      const prefs = await preferences.get(userId);
      const fallback = portfolioCurrencies.find((c) => c === prefs.base_currency) ?? 'usd';
      const row = await db.transaction(async (tx) => {
        await lockUserCreates(tx, 'portfolios', userId);
        if ((await countPortfolios(tx, userId)) >= portfoliosPerUser) {
          const message = limitMessages.portfolios(portfoliosPerUser);
          throw validationError({ name: [message] }, message);
        }
        return insertPortfolio(tx, {
          userId,
          name: body.name,
          description: body.description,
          portfolioType: body.portfolio_type,
          currency: body.currency ?? fallback,
          now: clock(),
        });
      });
      const [portfolio] = await withFigures(userId, [row]);
      if (!portfolio) throw new Error('created portfolio vanished');
      return portfolio;
    },

    async update(userId: string, id: string, body: PortfolioUpdateBody): Promise<Portfolio> {
      const row = await updatePortfolio(db, userId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.portfolio_type !== undefined ? { portfolioType: body.portfolio_type } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        now: clock(),
        bumpRevision: false,
      });
      if (!row) throw notFound(portfolioMessages.portfolioNotFound);
      const [portfolio] = await withFigures(userId, [row]);
      if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound);
      return portfolio;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deletePortfolio(db, userId, id))) throw notFound(portfolioMessages.portfolioNotFound);
      ledgers.forget(id);
    },

    async assertOwned(userId: string, id: string): Promise<PortfolioRow> {
      const row = await findPortfolio(db, userId, id);
      if (!row) throw notFound(portfolioMessages.portfolioNotFound);
      return row;
    },
  };
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;
