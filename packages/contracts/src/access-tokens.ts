import { z } from 'zod';
import { accessTokenScopes } from './access-token-constants.ts';
import { entityIdSchema } from './entity-ids.ts';

export const accessTokenScopeSchema = z.enum(accessTokenScopes);

export const accessTokenCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the token a name').max(100, 'Name is too long'),
    scopes: z
      .array(accessTokenScopeSchema)
      .min(1, 'Choose at least one scope')
      .max(accessTokenScopes.length)
      .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
    /** Null: every portfolio of the user, now and later. */
    portfolio_ids: z
      .array(entityIdSchema)
      .min(1, 'Choose at least one portfolio, or all of them')
      .max(100)
      .refine((s) => new Set(s).size === s.length, 'A portfolio is listed twice')
      .nullable()
      .default(null),
    expires_in_days: z
      .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
        error: 'Choose 30, 90 or 365 days, or no expiry',
      })
      .default(90),
  })
  .strict();
export type AccessTokenCreate = z.infer<typeof accessTokenCreateSchema>;

export const accessTokenSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  /** The token's first characters, to tell it apart; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(accessTokenScopeSchema),
  portfolio_ids: z.array(entityIdSchema).nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_address: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenCreatedSchema = accessTokenSchema.extend({
  /** The whole token: in this answer only. */
  token: z.string(),
});
export type AccessTokenCreated = z.infer<typeof accessTokenCreatedSchema>;

export const accessTokenListSchema = z.object({ tokens: z.array(accessTokenSchema) });

export const accessTokenUseSchema = z.object({
  kind: z.enum(['route', 'tool']),
  /** The route's pattern (`GET /api/v2/portfolios/:id/`) or the tool's name: never the values sent. */
  target: z.string(),
  status: z.number().int(),
  at: z.string(),
});
export const accessTokenUsesSchema = z.object({ uses: z.array(accessTokenUseSchema) });
export type AccessTokenUse = z.infer<typeof accessTokenUseSchema>;
