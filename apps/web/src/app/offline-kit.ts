/**
 * Everything the offline app needs after the first paint, behind one dynamic import: one lazy
 * chunk, so the shared code of the first load is not split into more pieces (route budget).
 */

import { forgetUserStorage } from '@/lib/forget-user-storage';
import { clearQuerySnapshot } from '@/lib/offline/query-snapshot';

/** At sign-out: the offline copy of the answers and what local storage kept of this person go. */
export async function forgetSignedOutUser(): Promise<void> {
  forgetUserStorage();
  await clearQuerySnapshot();
}
export { queueWrite, writesReplayed } from '@/lib/offline/write-queue';
export { OfflineStatus } from './layout/offline-status';
