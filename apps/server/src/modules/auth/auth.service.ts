import {
  accountMessages,
  authServiceMessages,
  errorCodes,
  instanceMessages,
  type LoginBody,
  type ProfileUpdate,
  type SignupBody,
  type User,
} from '@app/contracts';
import { safeImageUrl } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import {
  consumeAuthToken,
  countUsersLocked,
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  insertUser,
  isAuthTokenUsable,
  retireAuthTokens,
  updateUser,
} from './auth.repository.ts';
import { passwordResetMail, verificationMail } from './auth-mail.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import { openSignups, type SignupGate } from './signup-gate.ts';
import { toUser } from './user-mapper.ts';

const verifyTokenLifetimeMs = 24 * 60 * 60 * 1000;
const resetTokenLifetimeMs = 60 * 60 * 1000;

export interface ServiceLogger {
  error(object: Record<string, unknown>, message: string): void;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  publicUrl: string;
  logger: ServiceLogger;
  /** The first account on an empty database starts verified (no SMTP server to send it a link). */
  autoVerifyFirstAccount?: boolean;
  /** Who may sign up (open, by invitation, closed); everyone when not given. */
  signupGate?: SignupGate;
  /** INSTANCE_ADMIN_EMAILS: these accounts run the instance too, from sign-up or next sign-in. */
  adminEmails?: readonly string[];
}

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

export const accountDisabled = (): AppError =>
  new AppError({ code: errorCodes.forbidden, message: instanceMessages.accountDisabled });

export const invalidCredentials = (): AppError =>
  new AppError({
    code: 'invalid_credentials',
    message: accountMessages.invalidCredentials,
  });

const invalidToken = (message: string): AppError => new AppError({ code: 'invalid_token', message });

/** Serialises concurrent first sign-ups (two tabs on a fresh server): only one sees zero accounts. */
async function isFirstAccount(tx: Db): Promise<boolean> {
  return (await countUsersLocked(tx)) === 0;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, sessions } = deps;

  async function sendSafely(kind: string, send: () => Promise<void>): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      deps.logger.error({ err: error, kind }, 'sending mail failed');
      return false;
    }
  }

  async function createToken(tx: Db, userId: string, kind: 'verify_email' | 'password_reset', ttlMs: number) {
    const token = randomToken();
    const now = clock();
    await retireAuthTokens(tx, userId, kind, now);
    await insertAuthToken(tx, {
      userId,
      kind,
      tokenHash: sha256Hex(token),
      now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  const verifyLink = (token: string) =>
    `${deps.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  const resetLink = (token: string) =>
    `${deps.publicUrl}/api/auth/password-reset/confirm?token=${encodeURIComponent(token)}`;

  const admins = new Set((deps.adminEmails ?? []).map((e) => e.toLowerCase()));
  const listedAdmin = (email: string) => admins.has(email.trim().toLowerCase());

  return {
    async signup(body: SignupBody, userAgent: string | null): Promise<SignedIn> {
      const passwordHash = await hashPassword(body.password);
      // User, verification token and first session commit together or not at all.
      const result = await db
        .transaction(async (tx) => {
          const first = await isFirstAccount(tx);
          await (deps.signupGate ?? openSignups).admit(tx, { first, invitation: body.invitation });
          const verified = deps.autoVerifyFirstAccount === true && first;
          const row = await insertUser(tx, {
            email: body.email,
            username: body.username,
            passwordHash,
            emailVerified: verified,
            isAdmin: first || listedAdmin(body.email),
            now: clock(),
          });
          const token = verified
            ? null
            : await createToken(tx, row.id, 'verify_email', verifyTokenLifetimeMs);
          const session = await sessions.issue(row.id, userAgent, tx);
          return { user: toUser(row), token, session };
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTakenError)
            throw validationError({ email: [accountMessages.emailTaken] });
          throw error;
        });
      // The account is complete without the mail; a failed send can be retried with "resend".
      const { token } = result;
      if (token !== null) {
        await sendSafely('verify_email', () =>
          deps.mailer.send(verificationMail(result.user, verifyLink(token))),
        );
      }
      return { user: result.user, session: result.session };
    },

    async login(body: LoginBody, userAgent: string | null): Promise<SignedIn> {
      const row = await findUserByEmail(db, body.email);
      if (!row) {
        await burnPasswordCheck(body.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(body.password, row.passwordHash))) throw invalidCredentials();
      // Said only to whoever knows the password: to anyone else a disabled account is a wrong password.
      if (row.disabledAt !== null) throw accountDisabled();
      const current =
        !row.isAdmin && listedAdmin(row.email)
          ? ((await updateUser(db, row.id, { isAdmin: true, now: clock() })) ?? row)
          : row;
      const session = await sessions.issue(row.id, userAgent);
      return { user: toUser(current), session };
    },

    async getUser(userId: string): Promise<User> {
      const row = await findUserById(db, userId);
      if (!row)
        throw new AppError({
          code: 'not_found',
          message: accountMessages.notFound,
        });
      return toUser(row);
    },

    async verifyEmail(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock();
        const userId = await consumeAuthToken(tx, sha256Hex(token), 'verify_email', now);
        if (!userId) throw invalidToken(authServiceMessages.emailVerification);
        await updateUser(tx, userId, { emailVerified: true, now });
      });
    },

    async resendVerification(userId: string): Promise<void> {
      const row = await findUserById(db, userId);
      if (!row || row.emailVerified) return;
      const token = await db.transaction((tx) =>
        createToken(tx, row.id, 'verify_email', verifyTokenLifetimeMs),
      );
      const sent = await sendSafely('verify_email', () =>
        deps.mailer.send(verificationMail(toUser(row), verifyLink(token))),
      );
      if (!sent) {
        throw new AppError({
          code: 'external_service_error',
          message: authServiceMessages.resendVerification,
        });
      }
    },

    /** Same outcome whether or not the account exists, so the form cannot be used to probe emails. */
    async requestPasswordReset(email: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (!row) return;
      const token = await db.transaction((tx) =>
        createToken(tx, row.id, 'password_reset', resetTokenLifetimeMs),
      );
      await sendSafely('password_reset', () =>
        deps.mailer.send(passwordResetMail(toUser(row), resetLink(token))),
      );
    },

    async isResetTokenUsable(token: string): Promise<boolean> {
      return isAuthTokenUsable(db, sha256Hex(token), 'password_reset', clock());
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const now = clock();
        const userId = await consumeAuthToken(tx, sha256Hex(token), 'password_reset', now);
        if (!userId) throw invalidToken(authServiceMessages.passwordReset);
        await updateUser(tx, userId, { passwordHash, now });
        // Whoever knew the old password may hold a session; a reset ends all of them.
        await sessions.revokeAll(userId, tx);
      });
    },

    async updateProfile(userId: string, patch: ProfileUpdate): Promise<User> {
      const row = await updateUser(db, userId, {
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        // Image URLs: http(s) from the allowed hosts only, anything else is stored blank.
        ...(patch.picture !== undefined ? { picture: safeImageUrl(patch.picture).url || null } : {}),
        now: clock(),
      });
      if (!row)
        throw new AppError({
          code: 'not_found',
          message: accountMessages.notFound,
        });
      return toUser(row);
    },

    async changePassword(
      userId: string,
      sessionId: string,
      body: { current_password: string; new_password: string },
    ): Promise<void> {
      const row = await findUserById(db, userId);
      if (!row || !(await verifyPassword(body.current_password, row.passwordHash))) {
        throw validationError({ current_password: [accountMessages.currentPasswordWrong] });
      }
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash, now: clock() });
        await sessions.revokeOthers(userId, sessionId, tx);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
