import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isQueuedOffline } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify';

/** Stale 60 s, cache 5 min, 1 retry. */
export const queryDefaults = { staleTimeMs: 60_000, gcTimeMs: 5 * 60_000, retries: 1 } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** A 4xx will answer the same way again; only the spec's one retry for everything else. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < queryDefaults.retries;
}

/** Lost sessions navigate away on their own; a toast would only flash. A queued write has its own notice. */
function isSessionError(error: unknown): boolean {
  return (isApiError(error) && (error.status === 401 || error.status === 403)) || isQueuedOffline(error);
}

export function createQueryClient(): QueryClient {
  // The query library assumes online until an event says otherwise; a page loaded offline starts
  // paused, so the cached copy shows instead of a failed fetch.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: queryDefaults.staleTimeMs, gcTime: queryDefaults.gcTimeMs, retry: shouldRetry },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent !== true && !isSessionError(error)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent !== true && !isSessionError(error)) notifyError(error);
      },
    }),
  });
}
