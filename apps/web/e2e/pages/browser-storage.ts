import type { Page } from '@playwright/test';

/** One place this browser keeps data for the origin, and what it holds there, as text. */
export interface StoredEntry {
  where: string;
  text: string;
}

/**
 * Everything the page's origin keeps in the browser: local and session storage, every IndexedDB
 * database's stores (keys and values), and the Cache Storage entries (their URLs). Read in the
 * page, so it sees what the app would see; read only (no database is created or upgraded).
 */
export function readBrowserStorage(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(async () => {
    const entries: { where: string; text: string }[] = [];
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        entries.push({ where: `${name}[${key}]`, text: `${key} ${storage.getItem(key) ?? ''}` });
      }
    }
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const name = info.name;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const os = db.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([request(os.getAllKeys()), request(os.getAll())]);
        keys.forEach((key, i) => {
          entries.push({
            where: `indexedDB ${name}/${store}[${JSON.stringify(key)}]`,
            text: JSON.stringify([key, values[i]]),
          });
        });
      }
      db.close();
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const req of await cache.keys()) entries.push({ where: `caches ${cacheName}`, text: req.url });
    }
    return entries;
  });
}

/** The entries that hold any of `markers` (ids, names, an email), with the marker found. */
export function entriesHolding(entries: StoredEntry[], markers: readonly string[]): string[] {
  return entries.flatMap((entry) =>
    markers.filter((m) => entry.text.includes(m)).map((m) => `${entry.where} holds "${m}"`),
  );
}
