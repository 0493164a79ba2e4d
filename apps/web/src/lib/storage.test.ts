import { projectionStorageKey } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { forgetUserStorage, userStorageKeys } from '@/lib/forget-user-storage';
import { purgeStaleEntries, readStored, shouldRunCleanup, storageTimings, writeStored } from '@/lib/storage';

const hour = 60 * 60_000;
const minute = 60_000;

describe('purgeStaleEntries (stale entries purged after 24 hours)', () => {
  it('removes only the named keys, and only when older than 24 h', () => {
    const now = 100 * hour;
    writeStored('crypto_favorites', ['bitcoin'], now - 25 * hour);
    writeStored('crypto_base_currency', 'eur', now - 23 * hour);
    writeStored('terminal-ui-state', { tab: 'x' }, now - 24 * hour - 1);
    writeStored('exit-liquidity-projections', { v: 1 }, now - 1000 * hour);

    expect(purgeStaleEntries(now).sort()).toEqual(['crypto_favorites', 'terminal-ui-state']);
    expect(readStored('crypto_base_currency')).toBe('eur');
    expect(readStored('crypto_favorites')).toBeUndefined();
    expect(localStorage.getItem('exit-liquidity-projections')).not.toBeNull();
  });

  it('treats a purgeable entry without a write time as stale', () => {
    localStorage.setItem('crypto_favorites', '["bitcoin"]');
    expect(purgeStaleEntries(Date.now())).toEqual(['crypto_favorites']);
  });
});

describe('shouldRunCleanup (cleanup schedule)', () => {
  it('runs after 30 minutes since the last cleanup, whatever the activity', () => {
    const now = 10 * hour;
    expect(shouldRunCleanup({ lastActivity: now, lastCleanup: now - 30 * minute }, now)).toBe(true);
    expect(shouldRunCleanup({ lastActivity: now, lastCleanup: now - 29 * minute }, now)).toBe(false);
  });

  it('runs once per idle spell of 5 minutes', () => {
    const now = 10 * hour;
    const lastActivity = now - 5 * minute;
    expect(shouldRunCleanup({ lastActivity, lastCleanup: now - 10 * minute }, now)).toBe(true);
    // Idle since 8 min ago, cleaned 1 min ago (inside this idle spell): wait for activity or the 30-minute rule.
    expect(shouldRunCleanup({ lastActivity: now - 8 * minute, lastCleanup: now - minute }, now)).toBe(false);
    expect(shouldRunCleanup({ lastActivity: now - 4 * minute, lastCleanup: now - 10 * minute }, now)).toBe(
      false,
    );
  });

  it('first runs 5 s after load', () => {
    expect(storageTimings.firstCleanupDelayMs).toBe(5_000);
  });
});

describe('forgetUserStorage', () => {
  it('forgets what one person left in local and session storage, and keeps the device’s own', () => {
    for (const storage of [localStorage, sessionStorage]) {
      storage.setItem(projectionStorageKey, '{"state":{"selectedId":"p1"}}');
      storage.setItem('terminal-ui-state', '{}');
      storage.setItem('crypto_favorites', '["bitcoin"]');
      storage.setItem('crypto_base_currency', '"eur"');
      storage.setItem('exit-liquidity-preferences', '{"theme":"dark"}');
    }
    forgetUserStorage();
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of userStorageKeys) expect(storage.getItem(key), key).toBeNull();
      expect(storage.getItem('exit-liquidity-preferences')).toBe('{"theme":"dark"}');
    }
    expect(userStorageKeys).toContain(projectionStorageKey);
  });
});
