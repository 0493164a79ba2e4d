import { authRoutes } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, refreshCsrfToken } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';
import { toast } from '@/lib/toast';
import { type ReplayReport, replayWrites, sendQueuedWrite } from './write-queue';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Sends this user's queued writes with the page's current session and CSRF token, then refreshes
 * every query so the pages show what the server now holds.
 */
export async function replayNow(owner: string, client: QueryClient): Promise<ReplayReport | null> {
  const report = await replayWrites(owner, {
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
  if (report === null || report.sent + report.rejected === 0) return report;
  await client.invalidateQueries();
  // Refusals are not toasted: the Offline changes list opens with each one and its reason.
  if (report.sent > 0) toast.success(`${plural(report.sent, 'offline change', 'offline changes')} sent`);
  return report;
}
