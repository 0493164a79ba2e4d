import type { User } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { WriteGeneration } from '../../db/table-writes.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import {
  deleteSessionByTokenHash,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  purgeExpired,
  type SessionWithUser,
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

/** Sessions remembered in memory (a few hundred bytes each); the oldest go first beyond this. */
const maxCachedSessions = 10_000;

export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  /**
   * When given (PGlite: this process is the only writer), the session and user rows of a token
   * are kept in memory until a write to either table moves the generation. The lookup was one
   * PGlite query per signed-in request: a large share of the queries in bench/load's mix, and of
   * the fuzz suite's time. Expiry and the hourly touch are still decided on
   * every request, as before.
   */
  writes?: WriteGeneration | undefined;
}): SessionService {
  const { clock, writes } = deps;
  const cache = new Map<string, { generation: number; found: SessionWithUser }>();

  async function lookup(tokenHash: string): Promise<SessionWithUser | undefined> {
    if (!writes) return findSessionWithUser(deps.db, tokenHash);
    // Read before the query: a write sent meanwhile moves it, and the row is not kept.
    const generation = writes.current();
    const hit = cache.get(tokenHash);
    if (hit && hit.generation === generation) return hit.found;
    const found = await findSessionWithUser(deps.db, tokenHash);
    cache.delete(tokenHash);
    if (!found) return undefined;
    cache.set(tokenHash, { generation, found });
    if (cache.size > maxCachedSessions) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return found;
  }

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
      const found = await lookup(tokenHash);
      if (!found) return null;
      // Disabling ends the account's sessions; this holds even for one a cache still remembers.
      if (found.user.disabledAt !== null) return null;
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
