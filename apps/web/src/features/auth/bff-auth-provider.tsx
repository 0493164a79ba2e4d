import { authMessages, type SessionStatus, type Subscription, type User } from '@app/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { markLoggingOut } from '@/lib/api/session-loss';
import { browserLocation } from '@/lib/browser-location';
import { forgetIdentity, readIdentity, rememberIdentity } from '@/lib/offline/identity';
import { clearSessionState } from '@/lib/session-state';
import { getMe, postLogout, syncSubscription } from './api/auth-api';
import { BFFAuthContext } from './auth-context';
import type { AuthStatus, AuthUser, BFFAuthContextValue } from './auth-types';
import { loginUrl, plainLogoutPath } from './login-url';
import { takeSessionCheck } from './session-check';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** Signed in as the last user the server confirmed, while the network is down. */
  offline?: boolean;
}

const signedOut: AuthState = { status: 'unauthenticated', user: null };

function userFromSession(session: SessionStatus): AuthUser {
  return {
    id: session.user_id ?? '',
    username: session.username ?? '',
    email: session.email ?? '',
    picture: null,
    email_verified: null,
  };
}

function userFromMe(me: User): AuthUser {
  return { ...me };
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

interface BFFAuthProviderProps {
  children: ReactNode;
  /** Drops what this browser kept for offline reading (sign-out, or a session found ended). */
  onSignedOut?: () => Promise<void>;
}

/**
 * Backend-for-frontend auth: the server owns the session cookie; the SPA only asks
 * who is signed in and navigates to server pages to sign in or out.
 */
export function BFFAuthProvider({ children, onSignedOut }: BFFAuthProviderProps) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // Bumped when the network returns after an offline start: the session is checked for real.
  const [check, setCheck] = useState(0);

  const applyMe = useCallback(async (answer: Promise<User | null>) => {
    try {
      const me = await answer;
      setState(me === null ? signedOut : { status: 'authenticated', user: userFromMe(me) });
      // The server confirmed this user: pages may be read offline as them.
      if (me !== null) rememberIdentity(userFromMe(me));
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    }
  }, []);
  const refreshUser = useCallback(() => applyMe(getMe()), [applyMe]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `check` re-runs the session check when the network returns
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      const { csrfSettled, session: sessionAnswer, me: earlyMe } = takeSessionCheck();
      let session: SessionStatus | null;
      let unreachable = false;
      try {
        session = await sessionAnswer;
      } catch (caught) {
        session = null;
        unreachable = isApiError(caught) && caught.isNetwork;
      }
      if (cancelled) return;
      if (unreachable) {
        // No network: the last confirmed user reads their cached pages and queues writes; the
        // server's session still decides each write when it is replayed.
        const known = readIdentity();
        if (known !== null) {
          setState({ status: 'authenticated', user: known, offline: true });
          return;
        }
      }
      const authenticated = session?.is_authenticated === true;
      // Signed out for certain: what this browser kept for offline use goes (another person may be next).
      if (session !== null && !authenticated) {
        forgetIdentity();
        onSignedOut?.().catch(() => {});
      }
      setState(
        authenticated && session !== null
          ? { status: 'authenticated', user: userFromSession(session) }
          : signedOut,
      );
      if (!authenticated) return;
      // The sync is a POST: it carries the token.
      await csrfSettled;
      if (cancelled) return;
      const sync = syncSubscription().then(
        (synced) => {
          if (!cancelled) setSubscription(synced);
        },
        () => {
          // Subscription sync failures are ignored.
        },
      );
      // Session status lacks picture and email_verified; /auth/me fills them in. It goes beside the
      // sync, not after it: the layout's first render waits for email_verified (the unverified
      // banner must not push the page down once shown), so it is on the way to every first paint.
      // A returning user's went earlier still, beside the status (session-check.ts).
      await Promise.all([sync, applyMe(earlyMe ?? getMe())]);
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [applyMe, check, onSignedOut]);

  useEffect(() => {
    if (state.offline !== true) return;
    const recheck = () => setCheck((n) => n + 1);
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [state.offline]);

  const login = useCallback((returnTo?: string) => {
    browserLocation.assign(loginUrl(returnTo ?? currentPath(), 'login'));
  }, []);

  const register = useCallback((returnTo?: string) => {
    browserLocation.assign(loginUrl(returnTo ?? '/', 'signup'));
  }, []);

  const logout = useCallback(async () => {
    markLoggingOut();
    clearSessionState();
    forgetIdentity();
    await onSignedOut?.().catch(() => {});
    try {
      const result = await postLogout();
      if (!result.ok) throw new Error(authMessages.logoutFailed(result.status));
      if (result.logoutUrl) browserLocation.assign(result.logoutUrl);
      else browserLocation.reload();
    } catch (caught) {
      console.error(caught);
      browserLocation.assign(plainLogoutPath);
    }
  }, [onSignedOut]);

  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<BFFAuthContextValue>(
    () => ({
      status: state.status,
      isLoading: state.status === 'loading',
      isAuthenticated: state.status === 'authenticated',
      user: state.user,
      offline: state.offline === true,
      subscription,
      error,
      login,
      register,
      logout,
      refreshUser,
      clearError,
    }),
    [state, subscription, error, login, register, logout, refreshUser, clearError],
  );

  return <BFFAuthContext.Provider value={value}>{children}</BFFAuthContext.Provider>;
}
