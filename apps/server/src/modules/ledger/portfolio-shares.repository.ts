import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type PortfolioRow,
  type PortfolioShareRow,
  portfolioShares,
  portfolios,
  transactions,
  type UserRow,
  users,
} from '../../db/schema/index.ts';

export type ShareRole = 'viewer' | 'editor';

/** What a member may do with a portfolio shared with them, and whose it is. */
export interface ShareAccess {
  portfolioId: string;
  role: ShareRole;
  owner: UserRow;
}

const accessColumns = { portfolioId: portfolioShares.portfolioId, role: portfolioShares.role, owner: users };

function toAccess(
  row: { portfolioId: string; role: string; owner: UserRow } | undefined,
): ShareAccess | null {
  if (!row) return null;
  return {
    portfolioId: row.portfolioId,
    role: row.role === 'editor' ? 'editor' : 'viewer',
    owner: row.owner,
  };
}

/** The member's access to one portfolio through a share; null: none (their own or not shared). */
export async function findShareAccess(
  db: Db,
  memberId: string,
  portfolioId: string,
): Promise<ShareAccess | null> {
  const rows = await db
    .select(accessColumns)
    .from(portfolioShares)
    .innerJoin(users, eq(users.id, portfolioShares.ownerId))
    .where(and(eq(portfolioShares.portfolioId, portfolioId), eq(portfolioShares.memberId, memberId)))
    .limit(1);
  return toAccess(rows[0]);
}

/** The member's access to the portfolio a transaction belongs to, through a share. */
export async function findShareAccessByTransaction(
  db: Db,
  memberId: string,
  transactionId: string,
): Promise<ShareAccess | null> {
  const rows = await db
    .select(accessColumns)
    .from(transactions)
    .innerJoin(portfolioShares, eq(portfolioShares.portfolioId, transactions.portfolioId))
    .innerJoin(users, eq(users.id, portfolioShares.ownerId))
    .where(and(eq(transactions.id, transactionId), eq(portfolioShares.memberId, memberId)))
    .limit(1);
  return toAccess(rows[0]);
}

export interface SharedPortfolioRow {
  shareId: string;
  portfolio: PortfolioRow;
  role: ShareRole;
  owner: UserRow;
}

/** The portfolios others shared with this member, oldest share first. */
export async function listSharedWith(db: Db, memberId: string): Promise<SharedPortfolioRow[]> {
  const rows = await db
    .select({ shareId: portfolioShares.id, portfolio: portfolios, role: portfolioShares.role, owner: users })
    .from(portfolioShares)
    .innerJoin(portfolios, eq(portfolios.id, portfolioShares.portfolioId))
    .innerJoin(users, eq(users.id, portfolioShares.ownerId))
    .where(and(eq(portfolioShares.memberId, memberId), sql`${users.disabledAt} is null`))
    .orderBy(asc(portfolioShares.createdAt), asc(portfolioShares.id));
  return rows.map((r) => ({
    shareId: r.shareId,
    portfolio: r.portfolio,
    role: r.role === 'editor' ? 'editor' : 'viewer',
    owner: r.owner,
  }));
}

export interface ShareWithMember {
  share: PortfolioShareRow;
  member: UserRow;
}

/** The shares of one portfolio of the owner, with who each is for. */
export async function listPortfolioShares(
  db: Db,
  ownerId: string,
  portfolioId: string,
): Promise<ShareWithMember[]> {
  return db
    .select({ share: portfolioShares, member: users })
    .from(portfolioShares)
    .innerJoin(users, eq(users.id, portfolioShares.memberId))
    .where(and(eq(portfolioShares.ownerId, ownerId), eq(portfolioShares.portfolioId, portfolioId)))
    .orderBy(asc(portfolioShares.createdAt), asc(portfolioShares.id));
}

/** A share of the portfolio that this user may act on: as its owner, or as its member (to leave). */
export async function findShareOf(
  db: Db,
  userId: string,
  portfolioId: string,
  shareId: string,
): Promise<PortfolioShareRow | undefined> {
  const rows = await db
    .select()
    .from(portfolioShares)
    .where(
      and(
        eq(portfolioShares.id, shareId),
        eq(portfolioShares.portfolioId, portfolioId),
        or(eq(portfolioShares.ownerId, userId), eq(portfolioShares.memberId, userId)),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertShare(
  db: Db,
  values: { portfolioId: string; ownerId: string; memberId: string; role: ShareRole; now: Date },
): Promise<PortfolioShareRow | undefined> {
  const rows = await db
    .insert(portfolioShares)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function updateShareRole(
  db: Db,
  ownerId: string,
  shareId: string,
  role: ShareRole,
  now: Date,
): Promise<PortfolioShareRow | undefined> {
  const rows = await db
    .update(portfolioShares)
    .set({ role, updatedAt: now })
    .where(and(eq(portfolioShares.id, shareId), eq(portfolioShares.ownerId, ownerId)))
    .returning();
  return rows[0];
}

export async function deleteShare(db: Db, shareId: string): Promise<boolean> {
  const rows = await db
    .delete(portfolioShares)
    .where(eq(portfolioShares.id, shareId))
    .returning({ id: portfolioShares.id });
  return rows.length > 0;
}

/** An account of this instance by email (any case) or username, for the owner to share with. */
export async function findAccountByHandle(db: Db, handle: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${handle})`, eq(users.username, handle)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return rows[0];
}
