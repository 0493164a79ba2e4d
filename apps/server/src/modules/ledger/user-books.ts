import type { Db } from '../../db/client.ts';
import type { LedgerCache, PortfolioBook } from './ledger-cache.ts';
import { findPortfoliosByIds, listPortfolios, type PortfolioRow } from './portfolios.repository.ts';

export interface LoadedPortfolio {
  portfolio: PortfolioRow;
  book: PortfolioBook;
}

/** Every portfolio of the user (or the listed ones) with its cached book, oldest portfolio first. */
export async function loadUserBooks(
  db: Db,
  cache: LedgerCache,
  userId: string,
  portfolioIds?: string[],
): Promise<LoadedPortfolio[]> {
  const rows = portfolioIds
    ? await findPortfoliosByIds(db, userId, portfolioIds)
    : await listPortfolios(db, userId);
  return Promise.all(rows.map(async (portfolio) => ({ portfolio, book: await cache.book(db, portfolio) })));
}
