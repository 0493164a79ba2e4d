import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenStartupSettled } from '@/lib/startup-settled';
import { openEventStream } from './event-stream';

/** Keeps one event stream open while `enabled` (signed in); mount it once, in the app providers. */
export function useEventStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // A stream holds one of HTTP/1.1's six connections for as long as it is open: opened during
    // start-up, it slowed the page's own requests. What it would have said by then, the
    // page's first queries already fetched.
    let close: (() => void) | undefined;
    const cancelWait = whenStartupSettled(() => {
      close = openEventStream({ queryClient });
    });
    return () => {
      cancelWait();
      close?.();
    };
  }, [enabled, queryClient]);
}
