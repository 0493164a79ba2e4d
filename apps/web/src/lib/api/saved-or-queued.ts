import { isQueuedOffline } from './api-error';

/**
 * Offline, a write is kept on this device and sent when the network returns; the client
 * has already told the user so (the "queued" notice) and lists it under Offline changes. For a form
 * that is a save, not a failure: it closes or confirms as after a save, without a success message.
 */

/** `mutate()`'s onError for a form: a queued write runs `onQueued`, any other error `onError`. */
export function queuedOr(onQueued: () => void, onError?: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    if (isQueuedOffline(error)) onQueued();
    else onError?.(error);
  };
}

export type SaveOutcome<T> = { queued: false; value: T } | { queued: true };

/** Awaits a write: `queued: true` when it was kept for later; other errors are thrown as they came. */
export async function saveOrQueue<T>(write: () => Promise<T>): Promise<SaveOutcome<T>> {
  try {
    return { queued: false, value: await write() };
  } catch (error) {
    if (!isQueuedOffline(error)) throw error;
    return { queued: true };
  }
}
