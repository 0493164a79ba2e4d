import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const signupModeValues = ['open', 'invite', 'closed'] as const;

/** The instance's own settings: one row, id 1, written by an administrator. */
export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: integer('id').primaryKey().default(1),
    signupMode: text('signup_mode', { enum: signupModeValues }).notNull().default('open'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('instance_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A link an administrator hands out to let someone sign up while sign-ups are by invitation.
 * Only the token's hash is kept; the link is shown once, when it is made.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The administrator who made it. No foreign key: an invitation belongs to the instance, not
     * to a person's data, and stays when that account is deleted.
     */
    createdBy: uuid('created_by'),
    note: text('note').notNull().default(''),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invitations_created_idx').on(t.createdAt),
    check('invitations_uses_within_max', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
