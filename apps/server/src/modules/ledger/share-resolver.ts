import type { Db } from '../../db/client.ts';
import type { ResolvedShare, SharedPortfolioResolver } from '../../plugins/shared-portfolios.ts';
import { toUser } from '../auth/index.ts';
import {
  findShareAccess,
  findShareAccessByTransaction,
  type ShareAccess,
} from './portfolio-shares.repository.ts';

function resolved(access: ShareAccess | null): ResolvedShare | null {
  // A disabled owner's portfolios are closed to their members as to the owner.
  if (!access || access.owner.disabledAt !== null) return null;
  return { portfolioId: access.portfolioId, role: access.role, owner: toUser(access.owner) };
}

/** The API scope's lookups of a portfolio shared with the caller. */
export function createShareResolver(db: Db): SharedPortfolioResolver {
  return {
    byPortfolio: async (memberId, portfolioId) => resolved(await findShareAccess(db, memberId, portfolioId)),
    byTransaction: async (memberId, transactionId) =>
      resolved(await findShareAccessByTransaction(db, memberId, transactionId)),
  };
}
