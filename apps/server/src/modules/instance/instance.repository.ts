import type { SignupMode } from '@app/contracts';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  connections,
  type InvitationRow,
  instanceSettings,
  invitations,
  requestBudgets,
  sessions,
  transactions,
  users,
} from '../../db/schema/index.ts';

export async function readSignupMode(db: Db): Promise<SignupMode> {
  const [row] = await db.select({ mode: instanceSettings.signupMode }).from(instanceSettings).limit(1);
  return row?.mode ?? 'open';
}

export async function writeSignupMode(db: Db, mode: SignupMode, now: Date): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ id: 1, signupMode: mode, updatedAt: now })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { signupMode: mode, updatedAt: now } });
}

export interface UserListRow {
  id: string;
  email: string;
  username: string;
  createdAt: Date;
  emailVerified: boolean;
  isAdmin: boolean;
  disabledAt: Date | null;
  lastActiveAt: Date | null;
  rowsStored: number;
}

/** Every account (or the one with `id`) with its latest session activity and its transaction count, oldest first. */
export async function listUsers(db: Db, id?: string): Promise<UserListRow[]> {
  const active = db
    .select({ userId: sessions.userId, at: sql<Date>`max(${sessions.lastSeenAt})`.as('at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('active');
  const stored = db
    .select({ userId: transactions.userId, n: sql<number>`count(*)`.as('n') })
    .from(transactions)
    .groupBy(transactions.userId)
    .as('stored');
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
      isAdmin: users.isAdmin,
      disabledAt: users.disabledAt,
      lastActiveAt: active.at,
      rowsStored: stored.n,
    })
    .from(users)
    .leftJoin(active, eq(active.userId, users.id))
    .leftJoin(stored, eq(stored.userId, users.id))
    .where(id === undefined ? undefined : eq(users.id, id))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    lastActiveAt: r.lastActiveAt === null ? null : new Date(r.lastActiveAt),
    rowsStored: Number(r.rowsStored ?? 0),
  }));
}

export interface AccountFlags {
  id: string;
  email: string;
  isAdmin: boolean;
  disabledAt: Date | null;
}

/** Locked for the caller's transaction: two administrators acting at once see each other's change. */
export async function lockAccountFlags(db: Db, id: string): Promise<AccountFlags | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function isAdministrator(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.isAdmin === true && row.disabledAt === null;
}

/** Administrators able to act: not disabled. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.disabledAt)));
  return Number(row?.n ?? 0);
}

export async function setDisabled(db: Db, id: string, disabledAt: Date | null, now: Date): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, id));
  // A disabled account keeps no way in: its sessions end now, not at their expiry.
  if (disabledAt !== null) await db.delete(sessions).where(eq(sessions.userId, id));
}

export async function setAdmin(db: Db, id: string, now: Date): Promise<void> {
  await db.update(users).set({ isAdmin: true, updatedAt: now }).where(eq(users.id, id));
}

export async function userCounts(db: Db): Promise<{ total: number; disabled: number; admins: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      disabled: sql<number>`count(*) filter (where ${users.disabledAt} is not null)`,
      admins: sql<number>`count(*) filter (where ${users.isAdmin})`,
    })
    .from(users);
  return {
    total: Number(row?.total ?? 0),
    disabled: Number(row?.disabled ?? 0),
    admins: Number(row?.admins ?? 0),
  };
}

export async function connectionCounts(
  db: Db,
): Promise<{ total: number; failing: number; needsAttention: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      failing: sql<number>`count(*) filter (where ${connections.state} = 'failed')`,
      needsAttention: sql<number>`count(*) filter (where ${connections.state} = 'needs_attention')`,
    })
    .from(connections);
  return {
    total: Number(row?.total ?? 0),
    failing: Number(row?.failing ?? 0),
    needsAttention: Number(row?.needsAttention ?? 0),
  };
}

export async function readBudgets(db: Db) {
  return db.select().from(requestBudgets).orderBy(asc(requestBudgets.provider));
}

export async function insertInvitation(
  db: Db,
  values: { tokenHash: string; createdBy: string; note: string; maxUses: number; expiresAt: Date; now: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({
      tokenHash: values.tokenHash,
      createdBy: values.createdBy,
      note: values.note,
      maxUses: values.maxUses,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listInvitations(db: Db): Promise<InvitationRow[]> {
  return db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(200);
}

export async function revokeInvitation(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (rows.length > 0) return true;
  const [exists] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.id, id));
  return exists !== undefined;
}

/** Not withdrawn, not expired, not used up: a sign-up may take one use of it. */
const inForce = (tokenHash: string, now: Date) =>
  and(
    eq(invitations.tokenHash, tokenHash),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
    lt(invitations.uses, invitations.maxUses),
  );

/** The invitation in force with this token, or nothing. */
export async function findUsableInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(inForce(tokenHash, now)).limit(1);
  return row;
}

/** Takes one use, only while the invitation is still in force (two sign-ups racing for the last use). */
export async function useInvitation(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ uses: sql`${invitations.uses} + 1` })
    .where(inForce(tokenHash, now))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
