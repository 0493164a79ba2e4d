import type { User } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import {
  deleteSessionByTokenHash,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  purgeExpired,
  touchSession,
} from './auth.repository.ts';
import { toUser } from './user-mapper.ts';

export const sessionLifetimeMs = 14 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most hourly, so reads do not turn into a write per request. */
const touchIntervalMs = 60 * 60 * 1000;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  user: User;
  sessionId: string;
  expiresAt: Date;
  /** True when the expiry moved, so the cookie should be re-sent with the new lifetime. */
  extended: boolean;
  /** Signed in through the identity provider. */
  viaOidc: boolean;
}

export interface SessionService {
  issue(
    userId: string,
    userAgent: string | null,
    db?: Db,
    options?: { viaOidc?: boolean },
  ): Promise<IssuedSession>;
  resolve(token: string): Promise<ResolvedSession | null>;
  revoke(token: string): Promise<void>;
  revokeAll(userId: string, db?: Db): Promise<void>;
  revokeOthers(userId: string, keepSessionId: string, db?: Db): Promise<void>;
  purgeExpired(): Promise<void>;
}

export function createSessionService(deps: { db: Db; clock: Clock }): SessionService {
  const { clock } = deps;
  return {
    async issue(userId, userAgent, db = deps.db, options = {}) {
      const token = randomToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
      const row = await insertSession(db, {
        userId,
        tokenHash: sha256Hex(token),
        now,
        expiresAt,
        userAgent: userAgent ? userAgent.slice(0, 300) : null,
        viaOidc: options.viaOidc ?? false,
      });
      return { token, sessionId: row.id, expiresAt };
    },

    async resolve(token) {
      if (token.length === 0 || token.length > 200) return null;
      const tokenHash = sha256Hex(token);
      const found = await findSessionWithUser(deps.db, tokenHash);
      if (!found) return null;
      const now = clock();
      if (found.session.expiresAt.getTime() <= now.getTime()) {
        await deleteSessionByTokenHash(deps.db, tokenHash);
        return null;
      }
      if (now.getTime() - found.session.lastSeenAt.getTime() >= touchIntervalMs) {
        const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
        await touchSession(deps.db, found.session.id, now, expiresAt);
        return {
          user: toUser(found.user),
          sessionId: found.session.id,
          expiresAt,
          extended: true,
          viaOidc: found.session.viaOidc,
        };
      }
      return {
        user: toUser(found.user),
        sessionId: found.session.id,
        expiresAt: found.session.expiresAt,
        extended: false,
        viaOidc: found.session.viaOidc,
      };
    },

    async revoke(token) {
      if (token.length === 0 || token.length > 200) return;
      await deleteSessionByTokenHash(deps.db, sha256Hex(token));
    },

    async revokeAll(userId, db = deps.db) {
      await deleteSessionsOfUser(db, userId);
    },

    async revokeOthers(userId, keepSessionId, db = deps.db) {
      await deleteSessionsOfUser(db, userId, keepSessionId);
    },

    async purgeExpired() {
      await purgeExpired(deps.db, clock());
    },
  };
}
