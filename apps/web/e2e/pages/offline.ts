import { expect, type Locator, type Page } from '@playwright/test';

/** The Offline marker of the signed-in layout and its list of changes kept on the device. */
export class OfflinePanel {
  readonly region: Locator;
  readonly changes: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Offline' });
    this.changes = page.getByRole('list', { name: 'Offline changes' }).getByRole('listitem');
  }

  async showChanges(count: number): Promise<void> {
    await this.region.getByRole('button', { name: `Show offline changes (${count})` }).click();
    await expect(this.changes).toHaveCount(count);
  }

  /** The service worker controls the page, so a reload without a network still gets the app. */
  async expectServiceWorkerInControl(): Promise<void> {
    await this.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => this.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  /** The first element of each query key the app has saved for reading offline. */
  /** The ids of the coins kept on the device for the coin picker (the `coins` store). */
  seenCoinIds(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const name = 'exit-liquidity-offline';
      if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
      return new Promise<string[]>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('coins')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('coins').objectStore('coins').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      });
    });
  }

  savedQueryRoots(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const name = 'exit-liquidity-offline';
      // Never create the database here: the app's own upgrade must make its stores.
      if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
      return new Promise<string[]>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('snapshots').objectStore('snapshots').get('queries');
          get.onsuccess = () => {
            db.close();
            const queries = (get.result?.queries ?? []) as Array<{ key: unknown[] }>;
            resolve(queries.map((q) => String(q.key[0])));
          };
          get.onerror = () => resolve([]);
        };
      });
    });
  }
}
