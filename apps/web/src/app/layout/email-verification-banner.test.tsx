import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '@/features/auth';
import { forgetIdentity, rememberIdentity } from '@/lib/offline/identity';
import { renderHook, waitFor } from '@/test/testing-library';
import { useEmailBannerReady } from './email-verification-banner';

const fromSession: AuthUser = {
  id: 'u1',
  username: 'satoshi',
  email: 'satoshi@example.com',
  picture: null,
  email_verified: null,
};

afterEach(() => forgetIdentity());

describe('useEmailBannerReady: what the layout waits for before its first render', () => {
  it('waits while /auth/me has not said whether the email is verified', () => {
    const { result } = renderHook(() => useEmailBannerReady(fromSession));
    expect(result.current).toBe(false);
  });

  it('does not wait for a user this browser last saw verified', () => {
    rememberIdentity({ ...fromSession, email_verified: true });
    const { result } = renderHook(() => useEmailBannerReady(fromSession));
    expect(result.current).toBe(true);
  });

  it('waits for someone else, or for a user last seen unverified', () => {
    rememberIdentity({ ...fromSession, id: 'u2', email_verified: true });
    expect(renderHook(() => useEmailBannerReady(fromSession)).result.current).toBe(false);
    rememberIdentity({ ...fromSession, email_verified: false });
    expect(renderHook(() => useEmailBannerReady(fromSession)).result.current).toBe(false);
  });

  it('an unverified user is ready once the banner code has loaded; a verified one at once', async () => {
    const { result } = renderHook(() => useEmailBannerReady({ ...fromSession, email_verified: false }));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(
      renderHook(() => useEmailBannerReady({ ...fromSession, email_verified: true })).result.current,
    ).toBe(true);
  });
});
