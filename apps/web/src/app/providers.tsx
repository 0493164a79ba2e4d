import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { BFFAuthProvider } from '@/features/auth';
import { configureApiClient } from '@/lib/api/client';
import { handleSessionLoss } from '@/lib/api/session-loss';
import { clientMessages } from '@/lib/messages';
import { toastDefaults } from '@/lib/notify';
import { applyPreferences, usePreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { startStorageCleanup } from '@/lib/storage';
import { LiveEvents } from './live-events';

configureApiClient({
  onSessionLost: handleSessionLoss,
  onQueuedOffline: () => toast.warning(clientMessages.queuedOffline),
});

interface ProvidersProps {
  children: ReactNode;
}

export function Providers({ children }: ProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  const theme = usePreferences((s) => s.theme);
  const privacyMode = usePreferences((s) => s.privacyMode);

  useEffect(() => applyPreferences({ theme, privacyMode }), [theme, privacyMode]);
  useEffect(() => startStorageCleanup(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <BFFAuthProvider>
        <LiveEvents />
        {children}
      </BFFAuthProvider>
      <Toaster
        theme={theme}
        position="top-right"
        duration={toastDefaults.durationMs}
        visibleToasts={toastDefaults.maxVisible}
        closeButton
        richColors
      />
    </QueryClientProvider>
  );
}
