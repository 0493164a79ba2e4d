/**
 * vitest 5's failure summary calls Map.groupBy (Node 21+); on Node 20 it crashes the
 * reporter and hides the real assertion. Global setup runs in the reporter's process.
 */
export function installNode20Polyfills(): void {
  const mapWithGroupBy = Map as unknown as { groupBy?: unknown };
  if (typeof mapWithGroupBy.groupBy === 'function') return;
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}
