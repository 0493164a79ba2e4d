import { type User, usernameSchema } from '@app/contracts';
import { safeImageUrl } from '@app/core';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OidcClaims } from '../../integrations/oidc/oidc-client.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { EmailTakenError, findUserByEmail, findUserById, insertUser, updateUser } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import { findUserByIdentity, insertIdentity, touchIdentity } from './oidc.repository.ts';
import { type OidcPending, oidcStepLifetimeMs } from './oidc-cookies.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
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
  | { kind: 'no-email' };

export interface OidcServiceDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** Sends our own verification mail when the provider does not vouch for the email. */
  auth: Pick<AuthService, 'resendVerification'>;
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
        const row = await insertUser(tx, {
          email: values.email,
          username,
          passwordHash: null,
          emailVerified: values.emailVerified,
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
      if (known) {
        const now = clock();
        await touchIdentity(db, claims.issuer, claims.subject, now);
        const current =
          !known.emailVerified && claims.emailVerified && claims.email === known.email.toLowerCase()
            ? ((await updateUser(db, known.id, { emailVerified: true, now })) ?? known)
            : known;
        if (!current.emailVerified) {
          // Still unverified: a fresh link, so "sign in again" on /auth/signup-pending mails one.
          await deps.auth.resendVerification(current.id).catch(() => undefined);
        }
        return signInAs(toUser(current), userAgent);
      }
      if (!claims.email) return { kind: 'no-email' };
      const local = await findUserByEmail(db, claims.email);
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
