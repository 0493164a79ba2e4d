import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';

/**
 * Every test of the calling file starts with a fresh API client that retries without waiting and
 * believes it is online, and a browser location that navigates nowhere; stubbed globals and spies
 * are undone after each test.
 */
export function freshApiClientPerTest(): void {
  beforeEach(() => {
    resetApiClientState();
    configureApiClient({ sleep: async () => {}, isOnline: () => true });
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
