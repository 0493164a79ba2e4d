import {
  limitMessages,
  type Portfolio,
  type PortfolioCreateBody,
  type PortfolioCurrency,
  type PortfolioListResponse,
  type PortfolioUpdateBody,
  portfolioCurrencies,
  portfolioMessages,
  type ShareRole,
} from '@app/contracts';
import { toDecimalString, toDecimalStringOrNull } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { lockUserCreates } from '../../db/user-locks.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { visiblePortfolioIds } from '../../lib/portfolio-scope.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  countPortfolios,
  deletePortfolio,
  findPortfolio,
  insertPortfolio,
  listPortfolios,
  listSharedWith,
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

  /**
   * Portfolio: figures in the reader's base currency at current prices, from the books of the
   * portfolios' owner (their cost-basis method): the reader's own, or the owner of a share.
   */
  async function withFigures(
    readerId: string,
    rows: PortfolioRow[],
    shared?: { owner: UserRow; role: ShareRole; shareId: string },
  ): Promise<Portfolio[]> {
    if (rows.length === 0) return [];
    const ownerId = shared?.owner.id ?? readerId;
    const [reader, owner] = await Promise.all([
      preferences.get(readerId),
      ownerId === readerId ? undefined : preferences.get(ownerId),
    ]);
    const method = (owner ?? reader).cost_basis_method;
    const loaded = await loadUserBooks(
      db,
      ledgers,
      ownerId,
      rows.map((r) => r.id),
    );
    const byId = new Map(loaded.map((l) => [l.portfolio.id, l]));
    return Promise.all(
      rows.map(async (row) => {
        const l = byId.get(row.id);
        const totals = valuationTotals(
          await valuePortfolios(l ? [l] : [], method, reader.base_currency, market),
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
          access: shared?.role ?? 'owner',
          shared_by: shared ? { name: shared.owner.username, share_id: shared.shareId } : null,
        };
      }),
    );
  }

  /** The portfolios others shared with the reader; none through a token kept to some portfolios. */
  async function sharedWith(readerId: string): Promise<Portfolio[]> {
    if (visiblePortfolioIds() !== undefined) return [];
    const rows = await listSharedWith(db, readerId);
    const listed = await Promise.all(
      rows.map((r) =>
        withFigures(readerId, [r.portfolio], { owner: r.owner, role: r.role, shareId: r.shareId }),
      ),
    );
    return listed.flat();
  }

  return {
    async list(userId: string): Promise<PortfolioListResponse> {
      const [own, shared] = await Promise.all([
        withFigures(userId, await listPortfolios(db, userId)),
        sharedWith(userId),
      ]);
      const results = [...own, ...shared];
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
