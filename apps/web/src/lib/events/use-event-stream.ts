import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openEventStream } from './event-stream';

/** Keeps one event stream open while `enabled` (signed in); mount it once, in the app providers. */
export function useEventStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return openEventStream({ queryClient });
  }, [enabled, queryClient]);
}
