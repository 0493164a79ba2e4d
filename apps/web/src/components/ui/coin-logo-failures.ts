import { readStored, writeStored } from '@/lib/storage';

/**
 * Logos that failed to load in this browser, remembered for a day: a second page load, where the
 * browser may fail the image from its cache before the page's scripts can hear the error, or draw
 * the broken image as an empty disc, shows the coin's letters at once instead. After a day the
 * logo gets another chance (the image host may be back).
 */
const key = 'coin-logo-failures';
const keepMs = 24 * 60 * 60_000;

type Failures = Record<string, number>;

let memory: Failures | null = null;

function load(): Failures {
  if (memory) return memory;
  const stored = typeof localStorage === 'undefined' ? undefined : readStored(key);
  const now = Date.now();
  memory = {};
  if (stored !== null && typeof stored === 'object') {
    for (const [url, at] of Object.entries(stored)) {
      if (typeof at === 'number' && now - at < keepMs) memory[url] = at;
    }
  }
  return memory;
}

export function logoFailed(url: string): boolean {
  return url !== '' && load()[url] !== undefined;
}

export function rememberLogoFailure(url: string): void {
  const failures = load();
  failures[url] = Date.now();
  if (typeof localStorage !== 'undefined') writeStored(key, failures);
}

/** Tests start from a browser that has seen no failure. */
export function forgetLogoFailures(): void {
  memory = null;
  if (typeof localStorage !== 'undefined') localStorage.removeItem(key);
}
