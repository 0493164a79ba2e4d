import { useState } from 'react';

/**
 * Calls `apply` in the render where `value` first shows or changes identity, so state derived from
 * a query's data is set before anything paints. An effect would run a frame later under Preact and
 * overwrite what the user typed meanwhile; a `useState(value)` guard would skip data that was
 * already cached when the component mounted.
 */
export function useOnChange<T>(value: T, apply: (value: T) => void): void {
  const [seen, setSeen] = useState<{ value: T } | null>(null);
  if (seen === null || seen.value !== value) {
    setSeen({ value });
    apply(value);
  }
}
