import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (coin search debounce 300 ms).
 * Values for which `immediate` holds settle at once: a cleared search box must forget the old
 * search straight away, or its results come back while the next search is being typed.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, immediate?: (value: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  const now = immediate?.(value) ?? false;
  useEffect(() => {
    if (now) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : settled;
}
