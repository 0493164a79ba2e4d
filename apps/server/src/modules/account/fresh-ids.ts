import { randomUUID } from 'node:crypto';

/**
 * New ids for the entries of one kind, given in the order they sort in where they came from.
 * The new ids rise in that same order: wherever the app breaks a tie by id (two transactions at
 * the same instant entered in the same instant, a list sorted by creation), the imported account
 * sorts as the exported one did, so its books replay identically.
 */
export function freshIds(orderedIds: readonly string[]): Map<string, string> {
  const ids = orderedIds.map(() => randomUUID()).sort();
  const out = new Map<string, string>();
  orderedIds.forEach((id, i) => {
    const fresh = ids[i];
    if (fresh !== undefined) out.set(id, fresh);
  });
  return out;
}

/** Entries by creation time, then id: the order lists of the app show them in. */
export function byCreation<T extends { id: string; created_at: string }>(list: readonly T[]): string[] {
  return [...list]
    .sort((a, b) => {
      const at = Date.parse(a.created_at) - Date.parse(b.created_at);
      return at !== 0 ? at : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((entry) => entry.id);
}

/** The new id of an entry the checks already found in the file. */
export function mapped(ids: ReadonlyMap<string, string>, id: string): string {
  const fresh = ids.get(id);
  if (fresh === undefined) throw new Error(`no new id for ${id}`);
  return fresh;
}

export function mappedOrNull(ids: ReadonlyMap<string, string>, id: string | null): string | null {
  return id === null ? null : mapped(ids, id);
}
