/** Same-tab change signal for the queue and snapshot: the offline UI re-reads on each. */
const listeners = new Set<() => void>();

export function onOfflineChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOfflineChange(): void {
  for (const listener of listeners) listener();
}
