import { type ReactNode, useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useBFFAuth } from '@/features/auth';
import { removePaintedPageFrame } from '@/lib/painted-page-frame';
import { rememberReturnPath } from '@/lib/session-state';
import { ShellLoadingScreen } from './layout/shell-loading-screen';

interface RequireAuthProps {
  children: ReactNode;
  /** False while something the first render of the page needs is still loading (signed-in only). */
  ready?: boolean;
}

/** Unauthenticated visitors go to /login with their page remembered, or to /landing from the root. */
export function RequireAuth({ children, ready = true }: RequireAuthProps) {
  const { status } = useBFFAuth();
  const location = useLocation();
  if (status === 'loading' || (status === 'authenticated' && !ready)) return <ShellLoadingScreen />;
  if (status === 'unauthenticated') {
    if (location.pathname === '/') return <Navigate to="/landing" replace />;
    const returnTo = `${location.pathname}${location.search}`;
    rememberReturnPath(returnTo);
    return <LeaveSignedInPage to={`/login?return_to=${encodeURIComponent(returnTo)}`} />;
  }
  return children;
}

/** To the sign-in page, without the heading the server painted for a session that has ended. */
function LeaveSignedInPage({ to }: { to: string }) {
  useLayoutEffect(removePaintedPageFrame, []);
  return <Navigate to={to} replace />;
}
