import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { marketStatusQuery } from '@/lib/market';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';

/** The longest the layout waits for the market status; the session check usually takes longer. */
const statusWaitMs = 1000;

/**
 * The market status (demo, stale or live) is asked for beside the session check, and the layout
 * waits for it behind the loading screen: the demo banner is then part of the layout's first
 * render instead of arriving later and pushing the page down (a layout shift, issue 10). The
 * status is a public in-memory answer, no slower than the session check it runs beside. Failing,
 * offline or slow (past `statusWaitMs`), it does not hold the page, and once the page is shown it
 * stays shown (a refetch of a failed status is pending again).
 */
export function ProtectedLayout() {
  const status = useQuery({ ...marketStatusQuery(), retry: false });
  const [released, setReleased] = useState(false);
  const settled = !status.isPending || status.fetchStatus === 'paused';
  if (settled && !released) setReleased(true);
  useEffect(() => {
    const timer = setTimeout(() => setReleased(true), statusWaitMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <RequireAuth ready={released || settled}>
      <AppLayout />
    </RequireAuth>
  );
}
