import {
  authRoutes,
  type SessionStatus,
  type Subscription,
  subscriptionRoutes,
  type User,
} from '@app/contracts';
import { apiFetch, apiRequest, type CsrfRequest, requestCsrfToken } from '@/lib/api/client';
import { shellSchema, shellSchemas } from '@/lib/api/lazy-schemas';

export const initCsrf = (): CsrfRequest => requestCsrfToken();

export const getSessionStatus = (): Promise<SessionStatus> =>
  apiRequest(authRoutes.sessionStatus, {
    schema: shellSchema('sessionStatusSchema'),
    sessionLossOnAuthError: false,
  });

/** Its failures are ignored by the caller, so it must never end the session either. */
export const syncSubscription = (): Promise<Subscription> =>
  apiRequest(subscriptionRoutes.sync, {
    method: 'POST',
    schema: shellSchema('subscriptionSchema'),
    sessionLossOnAuthError: false,
    queueOffline: false,
  });

/** null means "not signed in" (a non-ok answer); a thrown error means the request itself failed. */
export async function getMe(): Promise<User | null> {
  const schemas = shellSchemas();
  schemas.catch(() => {});
  const response = await apiFetch(authRoutes.me);
  if (!response.ok) return null;
  return (await schemas).userSchema.parse(await response.json());
}

export interface LogoutResult {
  ok: boolean;
  status: number;
  logoutUrl: string | null;
}

export async function postLogout(): Promise<LogoutResult> {
  const response = await apiFetch(authRoutes.logout, { method: 'POST' });
  if (!response.ok) return { ok: false, status: response.status, logoutUrl: null };
  const { logoutResponseSchema } = await shellSchemas();
  const body = logoutResponseSchema.safeParse(await response.json().catch(() => null));
  return { ok: true, status: response.status, logoutUrl: body.success ? body.data.logout_url : null };
}

/** /auth/complete-signup: the username the identity provider did not give; answers where to go next. */
export const completeOidcSignup = (username: string): Promise<{ redirect: string }> =>
  apiRequest(authRoutes.oidcCompleteSignup, {
    method: 'POST',
    body: { username },
    schema: shellSchema('oidcCompleteSignupResponseSchema'),
    // A 401 here means the sign-in step expired, not a lost session.
    sessionLossOnAuthError: false,
  });
