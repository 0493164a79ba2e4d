import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useBFFAuth } from '@/features/auth';
import { cn } from '@/lib/cn';
import { BaseCurrencySelect } from '@/lib/settings';
import { useIdleReached } from '@/lib/when-idle';
import { EmailVerificationBanner } from './email-verification-banner';
import { MainNav } from './main-nav';
import { MarketModeBanner, removePaintedDemoBanner } from './market-mode-banner';
import { hidesTopBarOnMobile } from './nav-entries';
import { PageLoading } from './page-loading';
import { useSessionRestore } from './use-session-restore';
import { UserMenu } from './user-menu';

// The Alerts panel opens on demand and the notification toasts only matter once a new
// notification arrives; neither is needed to paint, so the panel loads when opened and the toasts
// in the first quiet moment after start.
const AlertsPanel = lazy(() =>
  import('@/features/notifications/alerts-panel').then((m) => ({ default: m.AlertsPanel })),
);
const NotificationToasts = lazy(() =>
  import('@/features/notifications/notification-toasts').then((m) => ({ default: m.NotificationToasts })),
);
// The offline marker, queued writes and their machinery load in the first quiet moment.
const OfflineStatus = lazy(() => import('@/app/offline-kit').then((kit) => ({ default: kit.OfflineStatus })));

interface AppLayoutProps {
  /** The 404 route renders inside the layout without an Outlet. */
  children?: ReactNode;
}

/** The authenticated shell: top tab bar from md up, fixed bottom bar below. */
export function AppLayout({ children }: AppLayoutProps) {
  const { pathname } = useLocation();
  const [alertsOpen, setAlertsOpen] = useState(false);
  useSessionRestore();
  const queryClient = useQueryClient();
  const { user, offline } = useBFFAuth();
  const idle = useIdleReached();
  // Drawn without a loading screen first (which hands the banner over), the layout takes it here.
  useLayoutEffect(removePaintedDemoBanner, []);

  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Suspense fallback={null}>
        {idle && <OfflineStatus client={queryClient} user={user} unconfirmed={offline === true} />}
      </Suspense>
      <MarketModeBanner />
      <EmailVerificationBanner />
      <div className="relative">
        <header
          className={cn(
            'h-14 items-center border-b border-line bg-surface px-4',
            hidesTopBarOnMobile(pathname) ? 'hidden md:flex' : 'flex',
          )}
        >
          <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width="24" height="24" />
            <span>Exit Liquidity</span>
          </Link>
        </header>
        <MainNav />
        <div className="absolute right-3 top-2.5 z-40 flex items-center gap-2">
          <BaseCurrencySelect />
          <UserMenu onOpenAlerts={() => setAlertsOpen(true)} />
        </div>
        <Suspense fallback={null}>
          {alertsOpen && <AlertsPanel onClose={() => setAlertsOpen(false)} />}
          {idle && <NotificationToasts />}
        </Suspense>
      </div>
      {/* 56 px keeps content clear of the fixed bottom bar. */}
      <main id="main" className="flex-1 pb-[56px] md:pb-0">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
