import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProjectionsSelection } from '@/features/projections/store/projections-selection-store';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { authRoutesFor, installFakeFetch, json, meUser } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import {
  notePaintedDemoBanner,
  paintedDemoBannerAttribute,
  removePaintedDemoBanner,
} from './market-mode-banner';

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  installFakeFetch(authRoutesFor(true));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authenticated layout (navigation)', () => {
  it('has one Main nav with the four entries, in order', async () => {
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Terminal', '/'],
      ['Metrics', '/dashboard'],
      ['Projections', '/projections'],
      ['Oracle', '/insights'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Metrics' }).getAttribute('aria-current')).toBe('page');
  });

  it('Projections selects the all-projections view and goes to /projections', async () => {
    const { router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Projections' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projections'));
    expect(useProjectionsSelection.getState().currentProjectionId).toBe('__all__');
  });

  it('the user menu offers Portfolios, Transactions, Settings, Alerts, privacy mode and Logout; Alerts opens the empty panel', async () => {
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/v2/notifications/': () =>
        json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    });
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: /^User menu/ });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Portfolios', 'Transactions', 'Settings', 'Alerts', 'Logout']);
    expect(within(menu).getByRole('menuitemcheckbox', { name: /Hide monetary values/ })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Alerts' }));
    const panel = await screen.findByRole('region', { name: 'Alerts' });
    expect(await within(panel).findByText('No notifications yet')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/notifications');
  });

  it('Logout posts to the server and leaves for its logout_url', async () => {
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/landing'));
  });
});

describe('market status before the first render (no layout shift)', () => {
  it('renders the layout with the demo banner in its first render', async () => {
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/v2/market/status/': () =>
        json({ source: 'demo', mode: 'demo', as_of: '2026-11-01', stale: false, age_seconds: null }),
    });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The banner is there as soon as the layout is, not after it.
    expect(nav.isConnected && screen.getByRole('region', { name: 'Demo data' })).toBeTruthy();
  });

  it('does not hold the page when the status fails', async () => {
    installFakeFetch({ ...authRoutesFor(true), 'GET /api/v2/market/status/': () => json({}, 500) });
    renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Demo data' })).toBeNull();
  });
});

describe("the server's painted demo banner", () => {
  /** What demo-shell.html puts before #root. */
  const paint = () => {
    const painted = document.createElement('div');
    painted.setAttribute(paintedDemoBannerAttribute, '');
    painted.innerHTML = '<section aria-label="Demo data">Demo data</section>';
    document.body.prepend(painted);
    notePaintedDemoBanner(document);
    return painted;
  };
  afterEach(() => {
    removePaintedDemoBanner();
    notePaintedDemoBanner(document);
  });
  const demoStatus = () =>
    json({ source: 'demo', mode: 'demo', as_of: '2026-11-01', stale: false, age_seconds: null });

  it('stays on screen above the loading screen, then hands over to the layout banner', async () => {
    const painted = paint();
    let answerSession: (() => void) | undefined;
    const routes = authRoutesFor(true);
    installFakeFetch({
      ...routes,
      'GET /api/auth/session-status': (call) =>
        new Promise<Response>((resolve) => {
          answerSession = () => resolve(routes['GET /api/auth/session-status']?.(call) ?? json({}, 500));
        }),
      'GET /api/v2/market/status/': demoStatus,
    });
    const { container } = renderApp('/dashboard');
    await waitFor(() => expect(answerSession).toBeDefined());
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(painted.isConnected).toBe(true);
    // The loading screen sits below the painted banner's room, as in the server's HTML.
    const room = () => container.querySelector('div.invisible[aria-hidden="true"]');
    expect(room()?.textContent).toContain('Demo data');
    answerSession?.();
    await screen.findByRole('navigation', { name: 'Main' });
    expect(painted.isConnected).toBe(false);
    expect(room()).toBeNull();
    const [banner, ...more] = screen.getAllByRole('region', { name: 'Demo data' });
    expect(more).toHaveLength(0);
    expect(container.contains(banner ?? null)).toBe(true);
  });

  it('goes once the status says the prices are live', async () => {
    const painted = paint();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(painted.isConnected).toBe(false);
    expect(screen.queryByRole('region', { name: 'Demo data' })).toBeNull();
  });

  it('goes with the loading screen when the session has ended', async () => {
    const painted = paint();
    installFakeFetch(authRoutesFor(false));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(painted.isConnected).toBe(false));
  });
});

describe('email verification before the first render (no layout shift)', () => {
  it('renders the layout with the unverified-email banner in its first render', async () => {
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/me': () => json({ ...meUser, email_verified: false }),
    });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // It arrived with /auth/me and its own chunk; the layout waited for both.
    expect(nav.isConnected && screen.getByRole('region', { name: 'Email not verified' })).toBeTruthy();
  });

  it('does not hold the page when /auth/me never answers', async () => {
    installFakeFetch({ ...authRoutesFor(true), 'GET /api/auth/me': () => new Promise<Response>(() => {}) });
    renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Email not verified' })).toBeNull();
  });
});
