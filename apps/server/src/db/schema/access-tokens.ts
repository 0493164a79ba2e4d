import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';

/**
 * A personal access token: a person's own script or assistant reading (and, when allowed,
 * writing) their data without a browser. Only a SHA-256 of the token is kept, so a copy of the
 * database opens nothing; its first characters stay in clear to tell tokens apart.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** The portfolios it may see; null: all of the user's. */
    portfolioIds: jsonb('portfolio_ids').$type<string[] | null>(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_tokens_hash_idx').on(t.hash), index('access_tokens_user_idx').on(t.userId)],
);

/** What a token did: route or tool, when, and how it ended. Kept 90 days. */
export const accessTokenUses = pgTable(
  'access_token_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    /** route | tool */
    kind: text('kind').notNull(),
    /** `GET /api/v2/portfolios/:id/` (the route's pattern, never its values) or the tool's name. */
    target: text('target').notNull(),
    status: integer('status').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('access_token_uses_token_idx').on(t.tokenId, t.at)],
);
