import {
  authMessages,
  errorCodes,
  type InstanceOverview,
  type InstanceUser,
  type Invitation,
  type InvitationCreate,
  type InvitationCreated,
  instanceMessages,
  invitationQueryParam,
  type MarketSource,
  type SignupMode,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { InvitationRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import {
  connectionCounts,
  insertInvitation,
  isAdministrator,
  listInvitations,
  listUsers,
  lockAccountFlags,
  readBudgets,
  readSignupMode,
  revokeInvitation,
  setAdmin,
  setDisabled,
  userCounts,
  writeSignupMode,
} from './instance.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

export interface JobHealth {
  /** Waiting, retrying or running jobs, and jobs that failed for good and are still kept. */
  counts(): Promise<{ queued: number; failed: number }>;
}

export interface InstanceServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  market(): MarketSource;
  /** The job queue, when this process runs one. */
  jobs?: JobHealth | undefined;
  /** Removes every row of the account, as its owner's own deletion does. */
  deleteAccount(userId: string): Promise<void>;
}

const forbidden = () => new AppError({ code: errorCodes.forbidden, message: authMessages.forbidden });
const refused = (message: string) => new AppError({ code: errorCodes.forbidden, message });

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    note: row.note,
    max_uses: row.maxUses,
    uses: row.uses,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked: row.revokedAt !== null,
    usable: row.revokedAt === null && row.expiresAt.getTime() > now.getTime() && row.uses < row.maxUses,
  };
}

/**
 * Running the instance: who may sign up, invitation links, and the other accounts. Every method
 * but the gate's asks first that the caller is an administrator who is not disabled.
 */
export function createInstanceService(deps: InstanceServiceDeps) {
  const { db, clock } = deps;

  async function assertAdmin(userId: string): Promise<void> {
    if (!(await isAdministrator(db, userId))) throw forbidden();
  }

  /** Another account, locked for the change; never the caller's own (their Profile page does that). */
  async function otherAccount(tx: Db, actorId: string, targetId: string) {
    if (actorId === targetId) throw refused(instanceMessages.notYourself);
    const target = await lockAccountFlags(tx, targetId);
    if (!target) throw notFound(instanceMessages.userNotFound);
    return target;
  }

  async function usersView(id?: string): Promise<InstanceUser[]> {
    return (await listUsers(db, id)).map((u) => ({
      id: u.id,
      email: u.email,
      username: u.username,
      created_at: u.createdAt.toISOString(),
      last_active_at: u.lastActiveAt?.toISOString() ?? null,
      email_verified: u.emailVerified,
      disabled: u.disabledAt !== null,
      admin: u.isAdmin,
      rows_stored: u.rowsStored,
    }));
  }

  /** The account as the list shows it, after an action on it. */
  async function userView(id: string): Promise<InstanceUser> {
    const [found] = await usersView(id);
    if (!found) throw notFound(instanceMessages.userNotFound);
    return found;
  }

  return {
    assertAdmin,

    async overview(actorId: string): Promise<InstanceOverview> {
      await assertAdmin(actorId);
      const [signupMode, users, connections, budgets, jobs] = await Promise.all([
        readSignupMode(db),
        userCounts(db),
        connectionCounts(db),
        readBudgets(db),
        deps.jobs ? deps.jobs.counts() : Promise.resolve(null),
      ]);
      return {
        signup_mode: signupMode,
        users,
        market: deps.market(),
        budgets: budgets.map((b) => ({
          provider: b.provider,
          tokens: Math.round(b.tokens * 100) / 100,
          paused_until: b.pausedUntil?.toISOString() ?? null,
          updated_at: b.updatedAt.toISOString(),
        })),
        jobs,
        connections: {
          total: connections.total,
          failing: connections.failing,
          needs_attention: connections.needsAttention,
        },
      };
    },

    async setSignupMode(actorId: string, mode: SignupMode): Promise<InstanceOverview> {
      await assertAdmin(actorId);
      await writeSignupMode(db, mode, clock());
      return this.overview(actorId);
    },

    async users(actorId: string): Promise<InstanceUser[]> {
      await assertAdmin(actorId);
      return usersView();
    },

    /** Signs the account out everywhere and refuses its sign-ins, sessions and tokens until enabled. */
    async disable(actorId: string, targetId: string): Promise<InstanceUser> {
      await assertAdmin(actorId);
      await db.transaction(async (tx) => {
        const target = await otherAccount(tx, actorId, targetId);
        if (target.disabledAt === null) await setDisabled(tx, targetId, clock(), clock());
      });
      return userView(targetId);
    },

    async enable(actorId: string, targetId: string): Promise<InstanceUser> {
      await assertAdmin(actorId);
      await db.transaction(async (tx) => {
        await otherAccount(tx, actorId, targetId);
        await setDisabled(tx, targetId, null, clock());
      });
      return userView(targetId);
    },

    async promote(actorId: string, targetId: string): Promise<InstanceUser> {
      await assertAdmin(actorId);
      await db.transaction(async (tx) => {
        const target = await otherAccount(tx, actorId, targetId);
        if (!target.isAdmin) await setAdmin(tx, targetId, clock());
      });
      return userView(targetId);
    },

    async remove(actorId: string, targetId: string): Promise<void> {
      await assertAdmin(actorId);
      await db.transaction(async (tx) => {
        await otherAccount(tx, actorId, targetId);
      });
      await deps.deleteAccount(targetId);
    },

    async invitations(actorId: string): Promise<Invitation[]> {
      await assertAdmin(actorId);
      const now = clock();
      return (await listInvitations(db)).map((row) => toInvitation(row, now));
    },

    async createInvitation(actorId: string, body: InvitationCreate): Promise<InvitationCreated> {
      await assertAdmin(actorId);
      const token = randomToken();
      const now = clock();
      const row = await insertInvitation(db, {
        tokenHash: sha256Hex(token),
        createdBy: actorId,
        note: body.note,
        maxUses: body.max_uses,
        expiresAt: new Date(now.getTime() + body.expires_in_days * dayMs),
        now,
      });
      const url = `${deps.publicUrl}/api/auth/login?screen_hint=signup&${invitationQueryParam}=${encodeURIComponent(token)}`;
      return { ...toInvitation(row, now), url };
    },

    async revokeInvitation(actorId: string, id: string): Promise<void> {
      await assertAdmin(actorId);
      if (!(await revokeInvitation(db, id, clock()))) throw notFound(instanceMessages.invitationNotFound);
    },
  };
}

export type InstanceService = ReturnType<typeof createInstanceService>;
