import { authRoutes } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, refreshCsrfToken } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';
import { toast } from '@/lib/toast';
import { type ReplayReport, replayWrites, sendQueuedWrite } from './write-queue';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Sends this user's queued writes with the page's current session and CSRF token, then refreshes
 * every query so the pages show what the server now holds. Reads already in flight when the
 * network came back (paused fetches resuming, refetches on reconnect) are cancelled first: their
 * answers would predate the writes and be fetched again anyway, and meanwhile they hold the
 * browser's few connections to this server, so the writes and the refresh queued behind them.
 */
export async function replayNow(owner: string, client: QueryClient): Promise<ReplayReport | null> {
  let cancelledReads = false;
  const report = await replayWrites(owner, {
    beforeSend: async () => {
      cancelledReads = true;
      await client.cancelQueries();
    },
    send: sendQueuedWrite,
    refreshCsrfToken,
    sessionUserId: async () => {
      const session = await apiRequest(authRoutes.sessionStatus, {
        schema: shellSchema('sessionStatusSchema'),
        sessionLossOnAuthError: false,
      });
      return session.is_authenticated ? (session.user_id ?? null) : null;
    },
  });
  // Reads cancelled above are fetched again even when nothing could be sent.
  if (report === null || (report.sent + report.rejected === 0 && !cancelledReads)) return report;
  await client.invalidateQueries();
  // Refusals are not toasted: the Offline changes list opens with each one and its reason.
  if (report.sent > 0) toast.success(`${plural(report.sent, 'offline change', 'offline changes')} sent`);
  return report;
}
