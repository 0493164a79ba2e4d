/**
 * Local storage with write times, so entries the spec calls stale can be purged
 * (after 24 hours).
 */
export const purgeableKeys = ['terminal-ui-state', 'crypto_favorites', 'crypto_base_currency'] as const;

export const storageTimings = {
  staleAfterMs: 24 * 60 * 60_000,
  firstCleanupDelayMs: 5_000,
  idleCleanupMs: 5 * 60_000,
  periodicCleanupMs: 30 * 60_000,
  checkEveryMs: 60_000,
} as const;

interface StoredEnvelope {
  value: unknown;
  savedAt: number;
}

function isEnvelope(value: unknown): value is StoredEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'savedAt' in value &&
    typeof value.savedAt === 'number' &&
    'value' in value
  );
}

function parse(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeStored(
  key: string,
  value: unknown,
  now: number = Date.now(),
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(key, JSON.stringify({ value, savedAt: now } satisfies StoredEnvelope));
  } catch {
    // Quota or private mode: local persistence is a convenience, never a failure.
  }
}

export function readStored(key: string, storage: Storage = localStorage): unknown {
  const parsed = parse(storage.getItem(key));
  return isEnvelope(parsed) ? parsed.value : undefined;
}

/** Removes purgeable entries older than 24 h, or without a readable write time. Returns the keys removed. */
export function purgeStaleEntries(now: number = Date.now(), storage: Storage = localStorage): string[] {
  const removed: string[] = [];
  for (const key of purgeableKeys) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    const parsed = parse(raw);
    if (!isEnvelope(parsed) || now - parsed.savedAt > storageTimings.staleAfterMs) {
      storage.removeItem(key);
      removed.push(key);
    }
  }
  return removed;
}

export interface CleanupClock {
  lastActivity: number;
  lastCleanup: number;
}

/**
 * Cleanup runs again once the user has been idle 5 minutes (once per idle
 * spell), or when 30 minutes have passed since the last cleanup.
 */
export function shouldRunCleanup(clock: CleanupClock, now: number): boolean {
  if (now - clock.lastCleanup >= storageTimings.periodicCleanupMs) return true;
  const idle = now - clock.lastActivity >= storageTimings.idleCleanupMs;
  return idle && clock.lastCleanup < clock.lastActivity + storageTimings.idleCleanupMs;
}

const activityEvents = ['pointerdown', 'keydown', 'scroll', 'visibilitychange'] as const;

/** Starts the cleanup schedule; returns a stop function. */
export function startStorageCleanup(target: Window = window, storage: Storage = localStorage): () => void {
  const clock: CleanupClock = { lastActivity: Date.now(), lastCleanup: 0 };
  const run = () => {
    clock.lastCleanup = Date.now();
    purgeStaleEntries(clock.lastCleanup, storage);
  };
  const onActivity = () => {
    clock.lastActivity = Date.now();
  };
  for (const name of activityEvents) target.addEventListener(name, onActivity, { passive: true });
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(() => {
      if (shouldRunCleanup(clock, Date.now())) run();
    }, storageTimings.checkEveryMs);
  }, storageTimings.firstCleanupDelayMs);
  return () => {
    clearTimeout(first);
    if (interval !== undefined) clearInterval(interval);
    for (const name of activityEvents) target.removeEventListener(name, onActivity);
  };
}
