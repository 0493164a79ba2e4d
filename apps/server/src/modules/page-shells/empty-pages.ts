import type { emptyFramedPaths } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { hasPortfolios } from '../ledger/index.ts';
import { hasProjections } from '../projections/index.ts';

type EmptyFramedPath = (typeof emptyFramedPaths)[number];

/** When each page draws its empty state: the same condition as the page's own (apps/web). */
const isEmpty: Record<EmptyFramedPath, (db: Db, userId: string) => Promise<boolean>> = {
  // Metrics: "No portfolios yet" while the account has none.
  '/dashboard': async (db, userId) => !(await hasPortfolios(db, userId)),
  // Projections: "No projections available" while the account has none.
  '/projections': async (db, userId) => !(await hasProjections(db, userId)),
};

/**
 * Whether the page at `path` opens on its empty state for this account, so its shell can paint
 * that state too; false for every other path.
 */
export function emptyPageCheck(db: Db): (path: string, userId: string) => Promise<boolean> {
  return async (path, userId) => {
    const check = Object.hasOwn(isEmpty, path) ? isEmpty[path as EmptyFramedPath] : undefined;
    return check ? check(db, userId) : false;
  };
}
