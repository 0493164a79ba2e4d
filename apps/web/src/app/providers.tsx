import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BFFAuthProvider } from '@/features/auth';
import { configureApiClient } from '@/lib/api/client';
import { handleSessionLoss } from '@/lib/api/session-loss';
import { clientMessages } from '@/lib/messages';
import { toastDefaults } from '@/lib/notify';
import { readIdentity } from '@/lib/offline/identity';
import { applyPreferences, usePreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { startStorageCleanup } from '@/lib/storage';
import { loadSonner, toast } from '@/lib/toast';
import { useIdleReached } from '@/lib/when-idle';
import { LiveEvents } from './live-events';

const offlineKit = () => import('./offline-kit');
const clearOfflineCopy = () => offlineKit().then((kit) => kit.forgetSignedOutUser());

configureApiClient({
  onSessionLost: handleSessionLoss,
  onQueuedOffline: () => toast.warning(clientMessages.queuedOffline),
  // Only a known user's writes are kept: a replay must go to the account that made them.
  queueWrite: async (write) => {
    const owner = readIdentity()?.id;
    if (owner === undefined) return false;
    await (await offlineKit()).queueWrite({ ...write, owner });
    return true;
  },
  writesReplayed: () => offlineKit().then((kit) => kit.writesReplayed()),
});

// Not needed to paint: it loads in the first quiet moment after start, or with the first toast
// (see lib/toast).
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

interface ProvidersProps {
  children: ReactNode;
  /** The app's client, made before the first render so requests can start then (main.tsx). */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient: given }: ProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const theme = usePreferences((s) => s.theme);
  const privacyMode = usePreferences((s) => s.privacyMode);
  const idle = useIdleReached();

  useEffect(() => applyPreferences({ theme, privacyMode }), [theme, privacyMode]);
  useEffect(() => startStorageCleanup(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <BFFAuthProvider onSignedOut={clearOfflineCopy}>
        <LiveEvents />
        {children}
      </BFFAuthProvider>
      <Suspense fallback={null}>
        {idle && (
          <Toaster
            theme={theme}
            // At the top right a toast covered the currency picker and user menu (pushed down by the
            // demo and email banners, three lines tall on a phone) or the page's own actions below them.
            position="bottom-right"
            offset={{ bottom: 'var(--toast-bottom)', right: 16 }}
            mobileOffset={{ bottom: 'var(--toast-bottom)' }}
            duration={toastDefaults.durationMs}
            visibleToasts={toastDefaults.maxVisible}
            closeButton
            richColors
          />
        )}
      </Suspense>
    </QueryClientProvider>
  );
}
