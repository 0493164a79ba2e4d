import { z } from 'zod';
import { entityIdSchema } from './entity-ids.ts';
import { invitationLifetimes, invitationMaxUses, signupModes } from './instance-constants.ts';
import { marketSourceSchema } from './market.ts';

export const signupModeSchema = z.enum(signupModes);

export const instanceUpdateSchema = z.object({ signup_mode: signupModeSchema }).strict();
export type InstanceUpdate = z.infer<typeof instanceUpdateSchema>;

/** A provider's shared request allowance as it stands (tokens left, and a pause it was told). */
export const requestBudgetStateSchema = z.object({
  provider: z.string(),
  tokens: z.number(),
  paused_until: z.string().nullable(),
  updated_at: z.string(),
});

export const instanceOverviewSchema = z.object({
  signup_mode: signupModeSchema,
  users: z.object({ total: z.number().int(), disabled: z.number().int(), admins: z.number().int() }),
  market: marketSourceSchema,
  budgets: z.array(requestBudgetStateSchema),
  /** Null when this process runs no job queue. */
  jobs: z
    .object({
      /** Waiting, retrying or running now. */
      queued: z.number().int(),
      /** Failed for good and still kept by the queue. */
      failed: z.number().int(),
    })
    .nullable(),
  connections: z.object({
    total: z.number().int(),
    failing: z.number().int(),
    needs_attention: z.number().int(),
  }),
});
export type InstanceOverview = z.infer<typeof instanceOverviewSchema>;

export const instanceUserSchema = z.object({
  id: entityIdSchema,
  email: z.string(),
  username: z.string(),
  created_at: z.string(),
  /** The latest request of any of its sessions; null when it has never been signed in since. */
  last_active_at: z.string().nullable(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  admin: z.boolean(),
  /** Transactions, the rows that grow with use. */
  rows_stored: z.number().int(),
});
export type InstanceUser = z.infer<typeof instanceUserSchema>;
export const instanceUserListSchema = z.object({ users: z.array(instanceUserSchema) });

export const invitationCreateSchema = z
  .object({
    note: z.string().trim().max(200, 'Note is too long').default(''),
    max_uses: z
      .number({ error: 'Enter how many accounts the link may create' })
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(invitationMaxUses, `At most ${invitationMaxUses}`)
      .default(1),
    expires_in_days: z
      .union(
        invitationLifetimes.map((d) => z.literal(d)),
        { error: `Choose ${invitationLifetimes.join(', ')} days` },
      )
      .default(7),
  })
  .strict();
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: entityIdSchema,
  note: z.string(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked: z.boolean(),
  /** In force: not withdrawn, not expired, not used up. */
  usable: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationCreatedSchema = invitationSchema.extend({
  /** The whole link: in this answer only. */
  url: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

export const userIdParamsSchema = z.object({ id: entityIdSchema }).strict();
