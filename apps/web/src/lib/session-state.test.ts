import { describe, expect, it } from 'vitest';
import { readSessionState, saveSessionState, sessionStateTtlMs } from './session-state';

// Saved session state expires after 5 minutes (route and scroll restored after a
// reload). It lives in sessionStorage, so an offline reload served by the service worker restores
// it exactly as an online one does, within the same five minutes.
describe('saved session state', () => {
  it('is restored within 5 minutes of saving', () => {
    saveSessionState('/transactions', 640, 1_000);
    expect(readSessionState(1_000 + sessionStateTtlMs)).toEqual({
      path: '/transactions',
      scrollY: 640,
      savedAt: 1_000,
    });
  });

  it('expires after 5 minutes, and the expired copy is dropped', () => {
    saveSessionState('/transactions', 640, 1_000);
    expect(sessionStateTtlMs).toBe(5 * 60_000);
    expect(readSessionState(1_000 + sessionStateTtlMs + 1)).toBeNull();
    expect(readSessionState(1_000)).toBeNull();
  });
});
