import { z } from 'zod';

// What the app shell parses (web lib/api/shell-schemas): the session check, the signed-in user,
// the subscription sync, sign-out, the CSRF token and the single sign-on sign-up's answer. Apart
// from auth.ts's forms, so these are the only auth schemas built before a page's first paint.

/** Where the browser goes next: the app (signed in) or /auth/signup-pending (email to verify). */
export const oidcCompleteSignupResponseSchema = z.object({ success: z.literal(true), redirect: z.string() });

/** The signed-in user's profile. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  picture: z.string().nullable(),
  email_verified: z.boolean(),
  /**
   * False for an account made through single sign-on, which has no local password (it
   * signs in at the identity provider). Absent from older servers: read as true.
   */
  has_password: z.boolean().optional(),
  /** The account runs this server (Settings shows its Instance page); absent means no. */
  can_administer: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Who the session belongs to. Fields are null when signed out. */
export const sessionStatusSchema = z.object({
  is_authenticated: z.boolean(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** The answer to a logout. */
export const logoutResponseSchema = z.object({ success: z.boolean(), logout_url: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

export const okSchema = z.object({ success: z.literal(true) });

/** The self-hosted build has no paid tiers; sync reports that honestly. */
export const subscriptionSchema = z.object({
  plan: z.literal('self_hosted'),
  status: z.literal('active'),
  features: z.array(z.string()),
  synced_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
