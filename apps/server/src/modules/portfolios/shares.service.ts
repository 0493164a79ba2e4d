import {
  type PortfolioShare,
  portfolioMessages,
  type ShareCreateBody,
  type ShareListResponse,
  type ShareUpdateBody,
  shareMessages,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { PortfolioShareRow, UserRow } from '../../db/schema/index.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  deleteShare,
  findAccountByHandle,
  findPortfolio,
  findShareOf,
  insertShare,
  listPortfolioShares,
  updateShareRole,
} from '../ledger/index.ts';

function toShare(share: PortfolioShareRow, member: UserRow): PortfolioShare {
  return {
    id: share.id,
    portfolio_id: share.portfolioId,
    member: { username: member.username, email: member.email },
    role: share.role === 'editor' ? 'editor' : 'viewer',
    created_at: share.createdAt.toISOString(),
    updated_at: share.updatedAt.toISOString(),
  };
}

/** The owner's side of shared portfolios: who may see or edit one, and the member's way out. */
export function createSharesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function assertOwner(ownerId: string, portfolioId: string): Promise<void> {
    if (!(await findPortfolio(db, ownerId, portfolioId))) throw notFound(portfolioMessages.portfolioNotFound);
  }

  return {
    async list(ownerId: string, portfolioId: string): Promise<ShareListResponse> {
      await assertOwner(ownerId, portfolioId);
      const results = (await listPortfolioShares(db, ownerId, portfolioId)).map((r) =>
        toShare(r.share, r.member),
      );
      return { results, count: results.length };
    },

    async create(ownerId: string, portfolioId: string, body: ShareCreateBody): Promise<PortfolioShare> {
      await assertOwner(ownerId, portfolioId);
      const member = await findAccountByHandle(db, body.user);
      if (!member || member.disabledAt !== null) {
        throw validationError({ user: [shareMessages.accountNotFound] }, shareMessages.accountNotFound);
      }
      if (member.id === ownerId)
        throw validationError({ user: [shareMessages.notYourself] }, shareMessages.notYourself);
      const share = await insertShare(db, {
        portfolioId,
        ownerId,
        memberId: member.id,
        role: body.role,
        now: clock(),
      });
      if (!share) throw validationError({ user: [shareMessages.alreadyShared] }, shareMessages.alreadyShared);
      return toShare(share, member);
    },

    async update(
      ownerId: string,
      portfolioId: string,
      shareId: string,
      body: ShareUpdateBody,
    ): Promise<PortfolioShare> {
      await assertOwner(ownerId, portfolioId);
      const found = (await listPortfolioShares(db, ownerId, portfolioId)).find((r) => r.share.id === shareId);
      if (!found) throw notFound(shareMessages.shareNotFound);
      const share = await updateShareRole(db, ownerId, shareId, body.role, clock());
      if (!share) throw notFound(shareMessages.shareNotFound);
      return toShare(share, found.member);
    },

    /** The owner revokes a share, or its member leaves it; the next request of the member no longer finds it. */
    async remove(userId: string, portfolioId: string, shareId: string): Promise<void> {
      const share = await findShareOf(db, userId, portfolioId, shareId);
      if (!share || !(await deleteShare(db, share.id))) throw notFound(shareMessages.shareNotFound);
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
