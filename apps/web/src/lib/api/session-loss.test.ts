import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { handleSessionLoss, markLoggingOut } from '@/lib/api/session-loss';
import { browserLocation } from '@/lib/browser-location';
import { installFakeFetch, json } from '@/test/fake-fetch';

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a 401 while the user is logging out', () => {
  it('does not send the browser anywhere but the logout destination', async () => {
    const server = installFakeFetch({
      'POST /api/auth/logout': () => json({ success: true, logout_url: '/landing' }),
    });
    markLoggingOut();
    const lost = new ApiError({
      status: 401,
      code: 'auth_required',
      category: 'auth',
      message: 'Authentication failed. Please log in again.',
      details: null,
      redirect: '/login',
    });
    await handleSessionLoss(lost);
    expect(browserLocation.assign).not.toHaveBeenCalled();
    expect(server.keys()).toEqual([]);
  });
});
