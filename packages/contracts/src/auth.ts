import { z } from 'zod';
import { accountMessages } from './account-messages.ts';
import { userSchema } from './session.ts';

/** Limits chosen so no field can be used to bloat the database or a log line. */
export const authLimits = {
  emailMax: 254,
  usernameMin: 2,
  usernameMax: 40,
  passwordMin: 10,
  passwordMax: 128,
  pictureMax: 2048,
  returnToMax: 2048,
  tokenMax: 200,
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(authLimits.emailMax, accountMessages.emailInvalid)
  .pipe(z.email(accountMessages.emailInvalid));

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} ._-]{2,40}$/u, accountMessages.usernameInvalid);

/**
 * Minimum strength: length first (NIST 800-63B), and a password of one repeated
 * character class under 16 characters is refused.
 */
export const passwordSchema = z
  .string()
  .min(authLimits.passwordMin, { error: accountMessages.passwordTooShort, abort: true })
  .max(authLimits.passwordMax, { error: accountMessages.passwordTooLong, abort: true })
  .refine(
    (p) => (p.length >= 16 || characterClasses(p) >= 2) && new Set(p).size >= 4,
    accountMessages.passwordTooWeak,
  );

function characterClasses(p: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(p)).length;
}

const returnToSchema = z.string().max(authLimits.returnToMax).optional();

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.').max(authLimits.passwordMax),
  return_to: returnToSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const signupBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  return_to: returnToSchema,
  /** An invitation link's token, when sign-ups are by invitation. */
  invitation: z.string().trim().max(200).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginQuerySchema = z.object({
  return_to: returnToSchema,
  prompt: z.enum(['login', 'none', 'consent', 'select_account']).optional(),
  screen_hint: z.enum(['signup', 'login']).optional(),
  /** With AUTH_MODE=local,oidc: `oidc` goes to the identity provider instead of the password page. */
  connection: z.enum(['local', 'oidc']).optional(),
});

/** /auth/complete-signup: the username the identity provider did not give. */
export const oidcCompleteSignupBodySchema = z.object({ username: usernameSchema });
export const oidcLinkBodySchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(authLimits.passwordMax),
});

export const authSuccessSchema = z.object({ success: z.literal(true), user: userSchema });
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(authLimits.tokenMax),
  password: passwordSchema,
});
export const verifyEmailBodySchema = z.object({ token: z.string().min(1).max(authLimits.tokenMax) });

export const profileUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    picture: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(authLimits.pictureMax, accountMessages.pictureInvalid)
          .pipe(z.url({ protocol: /^https?$/, error: accountMessages.pictureInvalid })),
      ])
      .nullable()
      .optional(),
  })
  .refine((b) => b.username !== undefined || b.picture !== undefined, {
    message: 'Nothing to update.',
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1).max(authLimits.passwordMax),
  new_password: passwordSchema,
});
