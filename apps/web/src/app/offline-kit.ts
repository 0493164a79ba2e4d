/**
 * Everything the offline app needs after the first paint, behind one dynamic import: one lazy
 * chunk, so the shared code of the first load is not split into more pieces (route budget).
 */

export { forgetSignedOutUser } from '@/lib/offline/forget-person';
export { queueWrite, writesReplayed } from '@/lib/offline/write-queue';
export { OfflineStatus } from './layout/offline-status';
