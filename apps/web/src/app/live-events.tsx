import { useBFFAuth } from '@/features/auth';
import { useEventStream } from '@/lib/events';

/** The one event stream of the app, open while signed in. */
export function LiveEvents() {
  const { isAuthenticated } = useBFFAuth();
  useEventStream(isAuthenticated);
  return null;
}
