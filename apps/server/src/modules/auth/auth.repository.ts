import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type AuthTokenKind,
  authTokens,
  type SessionRow,
  sessions,
  type UserRow,
  users,
} from '../../db/schema/index.ts';

export type { UserRow } from '../../db/schema/index.ts';

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function insertUser(
  db: Db,
  values: {
    email: string;
    username: string;
    passwordHash: string | null;
    now: Date;
    emailVerified?: boolean;
    /** The first account runs the instance. */
    isAdmin?: boolean;
  },
): Promise<UserRow> {
  try {
    const rows = await db
      .insert(users)
      .values({
        email: values.email.toLowerCase(),
        username: values.username,
        passwordHash: values.passwordHash,
        emailVerified: values.emailVerified ?? false,
        isAdmin: values.isAdmin ?? false,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/**
 * Counts accounts under a transaction-scoped advisory lock, so two sign-ups racing on an empty
 * database cannot both count zero (the lock is held until the caller's transaction ends).
 */
export async function countUsersLocked(tx: Db): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exit-liquidity:first-account'))`);
  const rows = await tx.select({ n: sql<number>`count(*)` }).from(users);
  return Number(rows[0]?.n ?? 0);
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Pick<UserRow, 'username' | 'picture' | 'passwordHash' | 'emailVerified' | 'isAdmin'>> & {
    now: Date;
  },
): Promise<UserRow | undefined> {
  const { now, ...fields } = patch;
  const rows = await db
    .update(users)
    .set({ ...fields, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    viaOidc: boolean;
  },
): Promise<SessionRow> {
  const rows = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      userAgent: values.userAgent,
      viaOidc: values.viaOidc,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

function buildSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_with_user');
}

// Every signed-in request runs this lookup; preparing it once per database skips building
// the SQL and re-planning it each time, which is markedly faster on both PGlite and PostgreSQL.
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

export async function findSessionWithUser(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash });
  return rows[0];
}

export async function touchSession(db: Db, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function insertAuthToken(
  db: Db,
  values: { userId: string; kind: AuthTokenKind; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values({
    userId: values.userId,
    kind: values.kind,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Marks older unused tokens of one kind as used, so only the newest link works. */
export async function retireAuthTokens(
  db: Db,
  userId: string,
  kind: AuthTokenKind,
  now: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/**
 * Single use in one statement: the row is claimed only if unused and unexpired, so two
 * concurrent clicks cannot both succeed. Returns the owner's id, or undefined.
 */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  kind: AuthTokenKind,
  now: Date,
): Promise<string | undefined> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return rows[0]?.userId;
}

export async function isAuthTokenUsable(
  db: Db,
  tokenHash: string,
  kind: AuthTokenKind,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
  await db
    .delete(authTokens)
    .where(or(lte(authTokens.expiresAt, now), sql`${authTokens.usedAt} is not null`));
}
