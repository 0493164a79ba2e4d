import { authMessages } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { readIdentity, rememberIdentity } from '@/lib/offline/identity';
import {
  authRoutesFor,
  envelope,
  heldUntilReleased,
  installFakeFetch,
  json,
  meUser,
  signedInSession,
} from '@/test/fake-fetch';
import { act, render, screen, waitFor } from '@/test/testing-library';
import type { BFFAuthContextValue } from './auth-types';
import { BFFAuthProvider } from './bff-auth-provider';
import { beginSessionCheck } from './session-check';
import { useBFFAuth } from './use-bff-auth';

let latest: BFFAuthContextValue | null = null;

function Probe() {
  const auth = useBFFAuth();
  latest = auth;
  return (
    <p>
      {auth.status}:{auth.user?.username ?? 'nobody'}:{String(auth.user?.email_verified ?? 'unknown')}
    </p>
  );
}

const renderProvider = () =>
  render(
    <BFFAuthProvider>
      <Probe />
    </BFFAuthProvider>,
  );

beforeEach(() => {
  latest = null;
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  vi.spyOn(browserLocation, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BFFAuthProvider start-up (CSRF token, then session status)', () => {
  it('starts loading, then csrf → session-status → subscription sync, and becomes authenticated', async () => {
    const server = installFakeFetch(authRoutesFor(true));
    renderProvider();
    expect(screen.getByText(/^loading:/)).toBeTruthy();
    await screen.findByText('authenticated:satoshi:true');
    expect(server.keys()).toEqual([
      'GET /api/auth/csrf/',
      'GET /api/auth/session-status',
      'POST /api/v2/subscription/sync/',
      'GET /api/auth/me',
    ]);
    expect(latest?.subscription?.plan).toBe('self_hosted');
  });

  it('uses the check begun before the first render (main.tsx), asking the server once, in order', async () => {
    const server = installFakeFetch(authRoutesFor(true));
    beginSessionCheck();
    // The session check waits for the CSRF answer, even when begun before React renders.
    await waitFor(() =>
      expect(server.keys()).toEqual(['GET /api/auth/csrf/', 'GET /api/auth/session-status']),
    );
    renderProvider();
    await screen.findByText('authenticated:satoshi:true');
    expect(server.keys()).toEqual([
      'GET /api/auth/csrf/',
      'GET /api/auth/session-status',
      'POST /api/v2/subscription/sync/',
      'GET /api/auth/me',
    ]);
  });

  /** The status is held back: /auth/me is on its way before it answers, and asked once. */
  async function expectMeBesideTheStatus() {
    const status = heldUntilReleased(() => json(signedInSession));
    const server = installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/session-status': status.handler,
    });
    renderProvider();
    await waitFor(() => expect(server.keys()).toContain('GET /api/auth/me'));
    expect(screen.getByText(/^loading:/)).toBeTruthy();
    status.release();
    await screen.findByText('authenticated:satoshi:true');
    expect(server.count('GET /api/auth/me')).toBe(1);
  }

  it('asks /auth/me beside the session status when this browser was signed in last time', async () => {
    rememberIdentity({ ...meUser, email_verified: true });
    await expectMeBesideTheStatus();
  });

  it("asks /auth/me beside the session status when the server's signed-in hint cookie is there (the first page after signing in)", async () => {
    // The cookie jar as the server's Set-Cookie left it (the hint is readable by scripts).
    const cookies = vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=t; signed_in=1');
    try {
      await expectMeBesideTheStatus();
    } finally {
      cookies.mockRestore();
    }
  });

  it('with a remembered user whose session ended, is signed out and forgets them', async () => {
    rememberIdentity({ ...meUser, email_verified: true });
    const server = installFakeFetch(authRoutesFor(false));
    renderProvider();
    await screen.findByText('unauthenticated:nobody:unknown');
    expect(server.keys()).toEqual([
      'GET /api/auth/csrf/',
      'GET /api/auth/session-status',
      'GET /api/auth/me',
    ]);
    expect(readIdentity()).toBeNull();
  });

  it('is unauthenticated when is_authenticated is false, and does not sync', async () => {
    const server = installFakeFetch(authRoutesFor(false));
    renderProvider();
    await screen.findByText('unauthenticated:nobody:unknown');
    expect(server.keys()).toEqual(['GET /api/auth/csrf/', 'GET /api/auth/session-status']);
  });

  it('treats a failed session check as unauthenticated', async () => {
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/session-status': () => envelope(500, 'internal_error', 'internal'),
    });
    renderProvider();
    await screen.findByText('unauthenticated:nobody:unknown');
  });

  it('only warns when the CSRF request fails, and ignores a failed subscription sync', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/csrf/': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/v2/subscription/sync/': () => envelope(500, 'internal_error', 'internal'),
    });
    renderProvider();
    await screen.findByText('authenticated:satoshi:true');
    expect(warn).toHaveBeenCalled();
    expect(latest?.subscription).toBeNull();
  });
});

describe('BFFAuthProvider actions', () => {
  it('login and register leave for the server page with return_to', async () => {
    installFakeFetch(authRoutesFor(false));
    renderProvider();
    await screen.findByText(/^unauthenticated/);
    latest?.login('/dashboard?x=1');
    expect(browserLocation.assign).toHaveBeenLastCalledWith(
      '/api/auth/login?return_to=%2Fdashboard%3Fx%3D1&prompt=login',
    );
    latest?.register();
    expect(browserLocation.assign).toHaveBeenLastCalledWith(
      '/api/auth/login?return_to=%2F&screen_hint=signup',
    );
  });

  it('logout follows logout_url when the server agrees', async () => {
    const server = installFakeFetch(authRoutesFor(true));
    renderProvider();
    await screen.findByText(/^authenticated/);
    await act(() => latest?.logout());
    expect(server.keys()).toContain('POST /api/auth/logout');
    expect(browserLocation.assign).toHaveBeenCalledWith('/landing');
  });

  it('a refused logout fails internally with the status and still goes to the plain logout path', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    installFakeFetch({
      ...authRoutesFor(true),
      'POST /api/auth/logout': () => envelope(500, 'internal_error', 'internal'),
    });
    renderProvider();
    await screen.findByText(/^authenticated/);
    await act(() => latest?.logout());
    expect(error).toHaveBeenCalledWith(new Error(authMessages.logoutFailed(500)));
    expect(browserLocation.assign).toHaveBeenCalledWith('/landing');
  });

  it('refreshUser: non-ok → unauthenticated; thrown → stored error that can be cleared', async () => {
    let meAnswer: () => Response = () => json({ ...signedInSession });
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/me': () => meAnswer(),
    });
    renderProvider();
    await screen.findByText(/^authenticated/);

    meAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await act(() => latest?.refreshUser());
    expect(latest?.error).toBeInstanceOf(Error);
    act(() => latest?.clearError());
    expect(latest?.error).toBeNull();

    meAnswer = () => envelope(401, 'auth_required', 'auth');
    await act(() => latest?.refreshUser());
    await waitFor(() => expect(latest?.status).toBe('unauthenticated'));
  });
});

describe('useBFFAuth', () => {
  it('throws the exact message outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useBFFAuth must be used within a BFFAuthProvider');
  });
});

describe('BFFAuthProvider without a network', () => {
  const failing = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

  it('remembers the user the server confirmed, and reads as them when a reload finds no network', async () => {
    installFakeFetch(authRoutesFor(true));
    const first = renderProvider();
    await screen.findByText('authenticated:satoshi:true');
    expect(latest?.offline).toBe(false);
    first.unmount();

    failing();
    configureApiClient({ isOnline: () => false });
    renderProvider();
    await screen.findByText('authenticated:satoshi:true');
    expect(latest?.offline).toBe(true);
    expect(latest?.user?.id).toBe('u1');
  });

  it('checks the session for real when the network returns, and signs out if it ended', async () => {
    installFakeFetch(authRoutesFor(true));
    const first = renderProvider();
    await screen.findByText('authenticated:satoshi:true');
    first.unmount();
    failing();
    configureApiClient({ isOnline: () => false });
    const listens = vi.spyOn(window, 'addEventListener');
    renderProvider();
    await waitFor(() => expect(latest?.offline).toBe(true));

    // The provider listens for 'online' from an effect, which runs after the render shown above.
    await waitFor(() => expect(listens).toHaveBeenCalledWith('online', expect.any(Function)));
    listens.mockRestore();
    configureApiClient({ isOnline: () => true });
    installFakeFetch(authRoutesFor(false));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('unauthenticated:nobody:unknown');
    // Signed out for certain: the remembered user is forgotten.
    expect(localStorage.getItem('exit-liquidity-offline-identity')).toBeNull();
  });

  it('is signed out with no network and no remembered user', async () => {
    failing();
    configureApiClient({ isOnline: () => false });
    renderProvider();
    await screen.findByText('unauthenticated:nobody:unknown');
  });
});
