import { useBFFAuth } from '@/features/auth';
import { useEventStream } from '@/lib/events';

/** The one event stream of the app (spec §4), open while signed in. */
export function LiveEvents() {
  const { isAuthenticated } = useBFFAuth();
  useEventStream(isAuthenticated);
  return null;
}
