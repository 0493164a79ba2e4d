import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** Null for an account created by single sign-on: it has no local password. */
    passwordHash: text('password_hash'),
    picture: text('picture'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Runs the instance: sign-ups, invitations, other accounts. The first account is one. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set by an administrator: no sign-in, session or token of this account is honoured. */
    disabledAt: timestamptz('disabled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // Unique on lower(email) so case variants can never create a second account.
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** Signed in through the identity provider: sign-out also ends the provider's session. */
    viaOidc: boolean('via_oidc').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const authTokenKinds = ['verify_email', 'password_reset'] as const;
export type AuthTokenKind = (typeof authTokenKinds)[number];

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: authTokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * An identity provider's account bound to ours: the provider's issuer and subject (the only
 * stable identifier OpenID Connect gives; an email can change hands at the provider).
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('oidc_identities_user_id_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type OidcIdentityRow = typeof oidcIdentities.$inferSelect;
