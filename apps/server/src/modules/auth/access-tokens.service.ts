import {
  type AccessToken,
  type AccessTokenCreate,
  type AccessTokenCreated,
  type AccessTokenScope,
  type AccessTokenUse,
  accessTokenMessages,
  accessTokenPrefix,
  accessTokenShownLength,
  accessTokenUseDays,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AccessTokenResolver } from '../../plugins/access-token-auth.ts';
import {
  type AccessTokenRow,
  deleteAccessToken,
  findAccessToken,
  insertAccessToken,
  listAccessTokens,
  listAccessTokenUses,
  ownedPortfolioCount,
  recordAccessTokenUse,
  tokenByHash,
  touchAccessToken,
} from './access-tokens.repository.ts';
import { toUser } from './user-mapper.ts';

const dayMs = 86_400_000;
/** Last use is written at most this often per token and address: a busy script is not a write per call. */
const touchIntervalMs = 60_000;
const tokensPerUser = 50;
const usesShown = 200;

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as AccessTokenScope[],
    portfolio_ids: row.portfolioIds,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_address: row.lastUsedAddress,
  };
}

/**
 * Personal access tokens: made, listed and revoked by their owner signed in, and resolved for
 * each request that carries one. The token is random (256 bits) and only its SHA-256 is stored;
 * the answer that creates it is the only place it ever appears.
 */
/** Where a use that could not be kept is said; the server's logger. */
interface WarnLog {
  warn(details: object, message: string): void;
}

export function createAccessTokenService(deps: { db: Db; clock: Clock; logger?: WarnLog }) {
  const { db, clock } = deps;

  async function ownedPortfolios(userId: string, ids: readonly string[]): Promise<void> {
    if ((await ownedPortfolioCount(db, userId, ids)) !== ids.length) {
      throw validationError({ portfolio_ids: ['One of these portfolios is not yours or no longer exists.'] });
    }
  }

  const service = {
    async list(userId: string): Promise<AccessToken[]> {
      return (await listAccessTokens(db, userId)).map(toAccessToken);
    },

    async create(userId: string, body: AccessTokenCreate): Promise<AccessTokenCreated> {
      if ((await listAccessTokens(db, userId)).length >= tokensPerUser) {
        throw validationError({
          name: [
            `You have ${tokensPerUser} tokens, the most one account can have; revoke one to add another.`,
          ],
        });
      }
      if (body.portfolio_ids) await ownedPortfolios(userId, body.portfolio_ids);
      const token = `${accessTokenPrefix}${randomToken()}`;
      const now = clock();
      const row = await insertAccessToken(db, {
        userId,
        name: body.name,
        prefix: token.slice(0, accessTokenShownLength),
        hash: sha256Hex(token),
        scopes: [...body.scopes],
        portfolioIds: body.portfolio_ids ? [...body.portfolio_ids] : null,
        expiresAt:
          body.expires_in_days === null ? null : new Date(now.getTime() + body.expires_in_days * dayMs),
        createdAt: now,
      });
      return { ...toAccessToken(row), token };
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await deleteAccessToken(db, userId, id))) throw notFound(accessTokenMessages.notFound);
    },

    async uses(userId: string, id: string): Promise<AccessTokenUse[]> {
      const token = await findAccessToken(db, userId, id);
      if (!token) throw notFound(accessTokenMessages.notFound);
      const keepFrom = clock().getTime() - accessTokenUseDays * dayMs;
      return (await listAccessTokenUses(db, id, usesShown))
        .filter((u) => u.at.getTime() >= keepFrom)
        .map((u) => ({
          kind: u.kind as AccessTokenUse['kind'],
          target: u.target,
          status: u.status,
          at: u.at.toISOString(),
        }));
    },

    async resolve(token: string, address: string) {
      if (!token.startsWith(accessTokenPrefix) || token.length > 200) return null;
      const found = await tokenByHash(db, sha256Hex(token));
      // A disabled account's tokens stop with it, and come back if it is enabled again.
      if (!found || found.user.disabledAt !== null) return null;
      const now = clock();
      if (found.token.expiresAt && found.token.expiresAt.getTime() <= now.getTime()) return null;
      const last = found.token.lastUsedAt;
      if (
        !last ||
        now.getTime() - last.getTime() >= touchIntervalMs ||
        found.token.lastUsedAddress !== address
      ) {
        await touchAccessToken(db, found.token.id, now, address);
      }
      return {
        user: toUser(found.user),
        token: {
          id: found.token.id,
          scopes: found.token.scopes as AccessTokenScope[],
          portfolioIds: found.token.portfolioIds,
        },
        expiresAt: found.token.expiresAt,
      };
    },

    recordUse(tokenId: string, use: { kind: 'route' | 'tool'; target: string; status: number }) {
      const at = clock();
      recordAccessTokenUse(
        db,
        { tokenId, ...use, target: use.target.slice(0, 300), at },
        new Date(at.getTime() - accessTokenUseDays * dayMs),
      ).catch((error: unknown) => {
        // A token revoked during its own request has no row left to note the use against.
        deps.logger?.warn({ err: error, tokenId }, 'access token use not recorded');
      });
    },
  } satisfies AccessTokenResolver & Record<string, unknown>;
  return service;
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
