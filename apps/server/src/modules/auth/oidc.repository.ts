import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcIdentities, type UserRow, users } from '../../db/schema/index.ts';

/** The account bound to the provider's (issuer, subject), if any. */
export async function findUserByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.user;
}

/** Binds (issuer, subject) to an account; a second binding of the same pair is a unique violation. */
export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string; now: Date },
): Promise<void> {
  await db.insert(oidcIdentities).values({
    userId: values.userId,
    issuer: values.issuer,
    subject: values.subject,
    createdAt: values.now,
    lastLoginAt: values.now,
  });
}

export async function touchIdentity(db: Db, issuer: string, subject: string, now: Date): Promise<void> {
  await db
    .update(oidcIdentities)
    .set({ lastLoginAt: now })
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
}
