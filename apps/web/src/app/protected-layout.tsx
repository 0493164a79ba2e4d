import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBFFAuth } from '@/features/auth';
import { marketStatusQuery } from '@/lib/market';
import { AppLayout } from './layout/app-layout';
import { useEmailBannerReady } from './layout/email-verification-banner';
import { RequireAuth } from './require-auth';

/** The longest the layout waits for its banners' data once the session check has answered. */
const statusWaitMs = 1000;

/**
 * The market status (demo, stale or live) is asked for beside the session check, and the layout
 * waits for it behind the loading screen: the demo banner is then part of the layout's first
 * render instead of arriving later and pushing the page down (a layout shift). The
 * status is a public in-memory answer, no slower than the session check it runs beside. The
 * unverified-email banner is waited for the same way (`useEmailBannerReady`). Failing, offline or
 * slow (past `statusWaitMs`), neither holds the page, and once the page is shown it stays shown (a
 * refetch of a failed status is pending again).
 */
export function ProtectedLayout() {
  const status = useQuery({ ...marketStatusQuery(), retry: false });
  const { user } = useBFFAuth();
  const emailBannerReady = useEmailBannerReady(user);
  const [released, setReleased] = useState(false);
  const signedIn = user !== null;
  // Only a signed-in user's readiness is kept: the status often answers before the session check,
  // and latched then, the layout stopped waiting for the email banner before it knew who it was for.
  const settled = signedIn && (!status.isPending || status.fetchStatus === 'paused') && emailBannerReady;
  if (settled && !released) setReleased(true);
  useEffect(() => {
    // Counted from the session check's answer: on a first visit /auth/me only goes after it.
    if (!signedIn) return;
    const timer = setTimeout(() => setReleased(true), statusWaitMs);
    return () => clearTimeout(timer);
  }, [signedIn]);
  return (
    <RequireAuth ready={released || settled}>
      <AppLayout />
    </RequireAuth>
  );
}
