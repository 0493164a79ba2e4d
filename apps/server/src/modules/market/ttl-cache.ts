/** A small in-memory cache with expiry and a size cap (oldest insert evicted first). */
export function createTtlCache<T>(maxEntries = 1000) {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    /** The entry whatever its age, with how old it is. */
    peek(key: string, now: number): { value: T; ageMs: number } | undefined {
      const hit = entries.get(key);
      return hit ? { value: hit.value, ageMs: now - hit.at } : undefined;
    },
    set(key: string, value: T, now: number): void {
      entries.delete(key);
      entries.set(key, { value, at: now });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    clear(): void {
      entries.clear();
    },
  };
}
