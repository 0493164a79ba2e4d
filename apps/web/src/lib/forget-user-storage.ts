import { purgeableKeys } from './storage';

/**
 * What this browser keeps of one person: their exit plans' selection and drafts, the terminal's
 * view and the mirror of their favourites and base currency. Theme and privacy mode belong to the
 * device and stay. The projection store's key is the contract's projectionStorageKey, written
 * out so the module does not load the contracts for one string. Loaded only at sign-out.
 */
export const userStorageKeys = ['exit-liquidity-projections', ...purgeableKeys] as const;

/** Forgets what the signed-out person left in local and session storage (the next may be another). */
export function forgetUserStorage(storages: readonly Storage[] = [localStorage, sessionStorage]): void {
  for (const storage of storages) {
    try {
      for (const key of userStorageKeys) storage.removeItem(key);
    } catch {
      // Storage unavailable (private mode): nothing was kept there either.
    }
  }
}
