import { browserUserKey, forgetUserStorage } from '@/lib/forget-user-storage';
import { clearQuerySnapshot, forgetQuerySnapshotAtSignOut } from './query-snapshot';
import { forgetSeenCoins } from './seen-coins';
import { forgetQueuedWrites } from './write-queue';

/**
 * At sign-out (or a session found ended): what this browser kept of the person goes, the offline
 * copy of their answers, their queued writes and what local and session storage held of them.
 */
export async function forgetSignedOutUser(): Promise<void> {
  forgetUserStorage();
  await Promise.all([forgetQuerySnapshotAtSignOut(), forgetQueuedWrites(), forgetSeenCoins()]);
}

/** Another person signed in where someone else was last: what was kept of the one before goes. */
export async function forgetPreviousUser(current: string): Promise<void> {
  forgetUserStorage();
  await Promise.all([clearQuerySnapshot(), forgetQueuedWrites(current), forgetSeenCoins()]);
}

/**
 * Records that `userId` is signed in at this browser. When someone else was recorded (their
 * session ended without a sign-out here, and this person signed in on the server's page), what
 * was kept of them is forgotten first, and the answer is true: the caller loads the page again,
 * since the persisted stores read local storage once, when they load, and still hold the other
 * person's state in memory. A sign-out removes the record, so the next person starts clean.
 */
export async function claimBrowserFor(userId: string): Promise<boolean> {
  let previous: string | null = null;
  try {
    previous = localStorage.getItem(browserUserKey);
  } catch {
    return false;
  }
  const switched = previous !== null && previous !== userId;
  if (switched) await forgetPreviousUser(userId);
  try {
    localStorage.setItem(browserUserKey, userId);
  } catch {
    // Quota or private mode: nothing else is kept either.
  }
  return switched;
}
