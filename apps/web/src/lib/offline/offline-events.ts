/**
 * Change signal for the queue and the saved copy: the offline UI re-reads on each. Other tabs
 * of the app hear it too, so a write kept or sent in one tab shows in every open one.
 */
const listeners = new Set<() => void>();
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('exit-liquidity-offline');

function notify(): void {
  for (const listener of listeners) listener();
}

channel?.addEventListener('message', notify);

export function onOfflineChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOfflineChange(): void {
  notify();
  channel?.postMessage('changed');
}
