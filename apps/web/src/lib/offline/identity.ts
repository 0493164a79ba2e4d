/** The signed-in user as the auth provider holds it (structurally its AuthUser). */
export interface OfflineIdentity {
  id: string;
  username: string;
  email: string;
  picture: string | null;
  email_verified: boolean | null;
}

const key = 'exit-liquidity-offline-identity';
/** Stale local entries are purged after 24 hours. */
const keepMs = 24 * 60 * 60_000;

function isIdentity(value: unknown): value is OfflineIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' && v.id !== '' && typeof v.username === 'string' && typeof v.email === 'string'
  );
}

/**
 * Remembered after each session the server confirmed, so a reload without a network can show
 * this user's cached pages and queue their writes. It never authorises anything: the server's
 * session does, when the writes are replayed. Kept 24 hours.
 */
export function rememberIdentity(user: OfflineIdentity, now: number = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ value: user, savedAt: now }));
  } catch {
    // Quota or private mode: the app still works online.
  }
}

export function readIdentity(now: number = Date.now()): OfflineIdentity | null {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as {
      value?: unknown;
      savedAt?: unknown;
    } | null;
    if (raw === null || typeof raw.savedAt !== 'number' || now - raw.savedAt > keepMs) return null;
    return isIdentity(raw.value) ? raw.value : null;
  } catch {
    return null;
  }
}

export function forgetIdentity(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
