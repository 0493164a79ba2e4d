import { type User, usernameSchema } from '@app/contracts';
import { safeImageUrl } from '@app/core';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OidcClaims } from '../../integrations/oidc/oidc-client.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import {
  countUsersLocked,
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import { findUserByIdentity, insertIdentity, touchIdentity } from './oidc.repository.ts';
import { type OidcPending, oidcStepLifetimeMs } from './oidc-cookies.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import { openSignups, type SignupGate } from './signup-gate.ts';
import { toUser } from './user-mapper.ts';

/** Where a completed provider sign-in leads. */
export type OidcOutcome =
  | { kind: 'signed-in'; user: User; session: IssuedSession }
  /** The account exists but its email is not verified yet: /auth/signup-pending, no session. */
  | { kind: 'verify-email'; email: string }
  /** One more step in the browser: choose a username, or confirm a link with the local password. */
  | { kind: 'pending'; pending: OidcPending }
  /** A local account has this email and the provider does not vouch for it: no link, no account. */
  | { kind: 'email-taken' }
  /** The provider released no email (the email scope or claim is missing). */
  | { kind: 'no-email' }
  /** The instance takes no new account this way now (sign-ups closed or by invitation). */
  | { kind: 'signup-refused'; message: string }
  /** The account exists and its administrator disabled it. */
  | { kind: 'disabled' };

export interface OidcServiceDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** Sends our own verification mail when the provider does not vouch for the email. */
  auth: Pick<AuthService, 'resendVerification'>;
  /** Who may sign up; everyone when not given. */
  signupGate?: SignupGate;
  /** INSTANCE_ADMIN_EMAILS: these accounts run the instance too. */
  adminEmails?: readonly string[];
}

export type OidcPendingSignup = Extract<OidcPending, { kind: 'signup' }>;
export type OidcPendingLink = Extract<OidcPending, { kind: 'link' }>;

function usableUsername(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = usernameSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function createOidcService(deps: OidcServiceDeps) {
  const { db, clock, sessions } = deps;
  const expiresAt = () => clock().getTime() + oidcStepLifetimeMs;
  const admins = new Set((deps.adminEmails ?? []).map((e) => e.toLowerCase()));
  const listedAdmin = (email: string) => admins.has(email.trim().toLowerCase());

  async function signInAs(user: User, userAgent: string | null): Promise<OidcOutcome> {
    if (!user.email_verified) return { kind: 'verify-email', email: user.email };
    const session = await sessions.issue(user.id, userAgent, db, { viaOidc: true });
    return { kind: 'signed-in', user, session };
  }

  /** A new account bound to the identity; a session only when the provider verified the email. */
  async function createAccount(
    values: {
      issuer: string;
      subject: string;
      email: string;
      emailVerified: boolean;
      picture?: string | undefined;
    },
    username: string,
    userAgent: string | null,
  ): Promise<OidcOutcome> {
    const now = clock();
    let created: { user: User; session: IssuedSession | null };
    try {
      created = await db.transaction(async (tx) => {
        const first = (await countUsersLocked(tx)) === 0;
        // Single sign-on carries no invitation: while sign-ups are by invitation, the link's own
        // sign-up page makes the account, and the provider can be linked to it afterwards.
        await (deps.signupGate ?? openSignups).admit(tx, { first, invitation: undefined });
        const row = await insertUser(tx, {
          email: values.email,
          username,
          passwordHash: null,
          emailVerified: values.emailVerified,
          isAdmin: first || listedAdmin(values.email),
          now,
        });
        const picture = values.picture ? safeImageUrl(values.picture).url || null : null;
        const withPicture = picture ? ((await updateUser(tx, row.id, { picture, now })) ?? row) : row;
        await insertIdentity(tx, { userId: row.id, issuer: values.issuer, subject: values.subject, now });
        const session = values.emailVerified
          ? await sessions.issue(row.id, userAgent, tx, { viaOidc: true })
          : null;
        return { user: toUser(withPicture), session };
      });
    } catch (error) {
      if (error instanceof EmailTakenError) return { kind: 'email-taken' };
      if (isAppError(error) && error.status === 403)
        return { kind: 'signup-refused', message: error.message };
      // The same identity finished twice at once (two tabs): the other one made the account.
      if (isUniqueViolation(error)) {
        const existing = await findUserByIdentity(db, values.issuer, values.subject);
        if (existing) return signInAs(toUser(existing), userAgent);
      }
      throw error;
    }
    if (created.session) return { kind: 'signed-in', user: created.user, session: created.session };
    // The mail may fail (logged); the user can sign in again later and ask for another from the banner.
    await deps.auth.resendVerification(created.user.id).catch(() => undefined);
    return { kind: 'verify-email', email: created.user.email };
  }

  return {
    /** After the provider's callback validated: find the account by (issuer, subject), or decide the next step. */
    async signIn(claims: OidcClaims, returnTo: string, userAgent: string | null): Promise<OidcOutcome> {
      const known = await findUserByIdentity(db, claims.issuer, claims.subject);
      if (known?.disabledAt) return { kind: 'disabled' };
      if (known) {
        const now = clock();
        await touchIdentity(db, claims.issuer, claims.subject, now);
        const verifiedNow =
          !known.emailVerified && claims.emailVerified && claims.email === known.email.toLowerCase();
        const promoted = !known.isAdmin && listedAdmin(known.email);
        const current =
          verifiedNow || promoted
            ? ((await updateUser(db, known.id, {
                ...(verifiedNow ? { emailVerified: true } : {}),
                ...(promoted ? { isAdmin: true } : {}),
                now,
              })) ?? known)
            : known;
        if (!current.emailVerified) {
          // Still unverified: a fresh link, so "sign in again" on /auth/signup-pending mails one.
          await deps.auth.resendVerification(current.id).catch(() => undefined);
        }
        return signInAs(toUser(current), userAgent);
      }
      if (!claims.email) return { kind: 'no-email' };
      const local = await findUserByEmail(db, claims.email);
      if (local?.disabledAt) return { kind: 'disabled' };
      if (local) {
        if (!claims.emailVerified) return { kind: 'email-taken' };
        return {
          kind: 'pending',
          pending: {
            kind: 'link',
            issuer: claims.issuer,
            subject: claims.subject,
            email: local.email,
            userId: local.id,
            returnTo,
            expiresAt: expiresAt(),
          },
        };
      }
      const username = usableUsername(claims.username);
      if (!username) {
        return {
          kind: 'pending',
          pending: {
            kind: 'signup',
            issuer: claims.issuer,
            subject: claims.subject,
            email: claims.email,
            emailVerified: claims.emailVerified,
            ...(claims.picture ? { picture: claims.picture } : {}),
            returnTo,
            expiresAt: expiresAt(),
          },
        };
      }
      return createAccount({ ...claims, email: claims.email }, username, userAgent);
    },

    /** /auth/complete-signup: the username the provider did not give. */
    completeSignup(
      pending: OidcPendingSignup,
      username: string,
      userAgent: string | null,
    ): Promise<OidcOutcome> {
      return createAccount(pending, username, userAgent);
    },

    /**
     * The local password confirms, once, that the person at the provider owns the local account.
     * Returns null when the password is wrong (the caller counts the attempt against the account).
     */
    async confirmLink(
      pending: OidcPendingLink,
      password: string,
      userAgent: string | null,
    ): Promise<OidcOutcome | null> {
      const row = await findUserById(db, pending.userId);
      if (!row || row.email.toLowerCase() !== pending.email.toLowerCase()) {
        await verifyPassword(password, null);
        return null;
      }
      if (!(await verifyPassword(password, row.passwordHash))) return null;
      const now = clock();
      const result = await db.transaction(async (tx) => {
        // Linked already (a second tab): only a link to this same account may sign in.
        const bound = await findUserByIdentity(tx, pending.issuer, pending.subject);
        if (bound && bound.id !== row.id) return null;
        if (!bound) {
          await insertIdentity(tx, { userId: row.id, issuer: pending.issuer, subject: pending.subject, now });
        }
        // The provider vouched for this email, and the password proved the account is theirs.
        const user = (await updateUser(tx, row.id, { emailVerified: true, now })) ?? row;
        const session = await sessions.issue(row.id, userAgent, tx, { viaOidc: true });
        return { kind: 'signed-in' as const, user: toUser(user), session };
      });
      return result;
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
