import { authMessages, type SessionStatus, type Subscription, type User } from '@app/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { markLoggingOut } from '@/lib/api/session-loss';
import { browserLocation } from '@/lib/browser-location';
import { clearSessionState } from '@/lib/session-state';
import { getMe, getSessionStatus, initCsrf, postLogout, syncSubscription } from './api/auth-api';
import { BFFAuthContext } from './auth-context';
import type { AuthStatus, AuthUser, BFFAuthContextValue } from './auth-types';
import { loginUrl, plainLogoutPath } from './login-url';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
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
}

/**
 * Backend-for-frontend auth: the server owns the session cookie; the SPA only asks
 * who is signed in (spec §4) and navigates to server pages to sign in or out.
 */
export function BFFAuthProvider({ children }: BFFAuthProviderProps) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [error, setError] = useState<Error | null>(null);

  const refreshUser = useCallback(async () => {
    try {
      const me = await getMe();
      setState(me === null ? signedOut : { status: 'authenticated', user: userFromMe(me) });
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      // Spec §4 order: CSRF token first (a failure only warns), then the session check.
      try {
        await initCsrf();
      } catch (caught) {
        console.warn('CSRF token initialisation failed', caught);
      }
      let session: SessionStatus | null;
      try {
        session = await getSessionStatus();
      } catch {
        session = null;
      }
      if (cancelled) return;
      const authenticated = session?.is_authenticated === true;
      setState(
        authenticated && session !== null
          ? { status: 'authenticated', user: userFromSession(session) }
          : signedOut,
      );
      if (!authenticated) return;
      try {
        const synced = await syncSubscription();
        if (!cancelled) setSubscription(synced);
      } catch {
        // Spec §4: subscription sync failures are ignored.
      }
      // Session status lacks picture and email_verified; /auth/me fills them in.
      if (!cancelled) await refreshUser();
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [refreshUser]);

  const login = useCallback((returnTo?: string) => {
    browserLocation.assign(loginUrl(returnTo ?? currentPath(), 'login'));
  }, []);

  const register = useCallback((returnTo?: string) => {
    browserLocation.assign(loginUrl(returnTo ?? '/', 'signup'));
  }, []);

  const logout = useCallback(async () => {
    markLoggingOut();
    clearSessionState();
    try {
      const result = await postLogout();
      if (!result.ok) throw new Error(authMessages.logoutFailed(result.status));
      if (result.logoutUrl) browserLocation.assign(result.logoutUrl);
      else browserLocation.reload();
    } catch (caught) {
      console.error(caught);
      browserLocation.assign(plainLogoutPath);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<BFFAuthContextValue>(
    () => ({
      status: state.status,
      isLoading: state.status === 'loading',
      isAuthenticated: state.status === 'authenticated',
      user: state.user,
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
