/** Stable React keys for rows that can repeat a natural key (two slices of one lot): the nth repeat gets #n. */
export function withKeys<T>(items: readonly T[], natural: (item: T) => string): { item: T; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = natural(item);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { item, key: n === 0 ? base : `${base}#${n}` };
  });
}
