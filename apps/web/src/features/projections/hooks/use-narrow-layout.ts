import { useSyncExternalStore } from 'react';

/**
 * The sell table's 14 columns need about 1,200 px; below the widest page frame (1,280 px)
 * they would scroll sideways, so each sell becomes a card (inputs and figures labelled,
 * stacked on phones, side by side on tablets).
 */
export const narrowLayoutQuery = '(max-width: 1279.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(narrowLayoutQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(narrowLayoutQuery).matches;

/** True on narrow screens; follows resizes and rotations. */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
