import { purgeableKeys } from './storage';

/**
 * What this browser keeps of one person in local and session storage: their exit plans' selection
 * and drafts, the Metrics selection (their portfolio's id), the terminal's view, the mirror of
 * their favourites and base currency, the coins their plans used, who they were (for offline
 * reading, and to tell that another person has signed in), and where they were (the page to return to, the saved scroll). Theme and privacy mode
 * belong to the device and stay. Keys owned by other modules are written out here, so this module
 * loads nothing else for a list of strings; storage.test.ts checks them against their owners.
 * Loaded only at sign-out and with the offline kit after the first paint.
 */
/** Who was last signed in at this browser (lib/offline/forget-person). */
export const browserUserKey = 'exit-liquidity-browser-user';

export const userStorageKeys = [
  browserUserKey,
  'exit-liquidity-projections',
  'dashboard-selection',
  'exit-liquidity-offline-identity',
  'exit-liquidity-session-state',
  'exit-liquidity-return-path',
  ...purgeableKeys,
] as const;

/** Per-coin cache entries (`crypto_{id}`): which coins this person planned exits for. */
const userKeyPrefixes = ['crypto_'] as const;

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Forgets what the signed-out person left in local and session storage (the next may be another). */
export function forgetUserStorage(storages: readonly Storage[] = [localStorage, sessionStorage]): void {
  for (const storage of storages) {
    try {
      for (const key of userStorageKeys) storage.removeItem(key);
      for (const key of keysOf(storage)) {
        if (userKeyPrefixes.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
      }
    } catch {
      // Storage unavailable (private mode): nothing was kept there either.
    }
  }
}
