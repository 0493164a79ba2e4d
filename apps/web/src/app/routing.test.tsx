import { notFoundPage } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { authRoutesFor, installFakeFetch } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor } from '@/test/testing-library';
import { pageAt, preloadPageAt } from './routes';

// The pages these tests reach are lazy routes; their first import transforms a whole module graph,
// which on a busy machine outlasts a findBy* wait. Loading them once up front keeps every test about
// routing, not about the transform.
beforeAll(async () => {
  await Promise.all([import('./routes/terminal-route'), import('@/features/dashboard/metrics-page')]);
});

freshApiClientPerTest();

describe('protected routes (signed-out visitors go to login or the landing page)', () => {
  it('sends a signed-out visitor at a protected page to /login with return_to, and on to the server', async () => {
    installFakeFetch(authRoutesFor(false));
    const { router } = renderApp('/dashboard?portfolio=p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?return_to=${encodeURIComponent('/dashboard?portfolio=p1')}`);
    await waitFor(() =>
      expect(browserLocation.assign).toHaveBeenCalledWith(
        '/api/auth/login?return_to=%2Fdashboard%3Fportfolio%3Dp1&prompt=login',
      ),
    );
  });

  it('sends a signed-out visitor at the root to /landing', async () => {
    installFakeFetch(authRoutesFor(false));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' })).toBeTruthy();
  });

  it('shows the register spinner and navigates with screen_hint=signup', async () => {
    installFakeFetch(authRoutesFor(false));
    renderApp('/register');
    const label = await screen.findByText('Create an Account');
    expect(label.closest('[role="status"]')).not.toBeNull();
    await waitFor(() =>
      expect(browserLocation.assign).toHaveBeenCalledWith('/api/auth/login?return_to=%2F&screen_hint=signup'),
    );
  });

  it('tells a signed-out visitor offline that signing in needs the connection, and goes on when it returns', async () => {
    installFakeFetch(authRoutesFor(false));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/login?return_to=%2Fdashboard');
    const heading = await screen.findByRole('heading', { name: 'You are offline' });
    expect(heading.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText(/Signing in needs a connection to the server/)).toBeTruthy();
    expect(browserLocation.assign).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(browserLocation.assign).toHaveBeenCalledWith(
        '/api/auth/login?return_to=%2Fdashboard&prompt=login',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
  });

  it('lets a signed-in user through to the page', async () => {
    installFakeFetch(authRoutesFor(true));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeTruthy();
  });

  it('offers a signed-in visitor of /landing a way into the app instead of a forced redirect', async () => {
    installFakeFetch(authRoutesFor(true));
    const { router } = renderApp('/landing');
    expect(await screen.findByRole('link', { name: 'Open the app' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('sends an unverified user from notification settings to the verify-email notice', async () => {
    const routes = authRoutesFor(true);
    installFakeFetch({
      ...routes,
      'GET /api/auth/me': () =>
        new Response(
          JSON.stringify({ id: 'u1', email: 'a@b.co', username: 'a', picture: null, email_verified: false }),
          { status: 200 },
        ),
    });
    const { router } = renderApp('/settings/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?mode=notice&email=a%40b.co');
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });
});

describe('404 page', () => {
  it('renders for an unknown path when signed out, and its button goes to the terminal', async () => {
    installFakeFetch(authRoutesFor(false));
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: notFoundPage.title })).toBeTruthy();
    expect(screen.getByText(notFoundPage.body)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Terminal' }));
    // Signed out, the terminal (/) sends the visitor on to the landing page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it('renders inside the layout when signed in', async () => {
    installFakeFetch(authRoutesFor(true));
    const { router } = renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Terminal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminal' })).toBeTruthy();
  });
});

describe('the page at a path, loaded before it renders', () => {
  it("finds the lazily loaded page a path renders and loads that page's module", async () => {
    const module = (await pageAt('/transactions')?.preload()) as Record<string, unknown>;
    expect(typeof module.TransactionsPage).toBe('function');
    const coin = (await pageAt('/cryptocurrencies/bitcoin')?.preload()) as Record<string, unknown>;
    expect(typeof coin.CoinDetailRoute).toBe('function');
    const terminal = (await pageAt('/')?.preload()) as Record<string, unknown>;
    expect(typeof terminal.TerminalRoute).toBe('function');
  });

  it("starts the page's first parts once its code is in, for the address it opens at", async () => {
    const metrics = await import('@/features/dashboard/metrics-page');
    const projections = await import('@/features/projections/projections-page');
    const schemas = vi.spyOn(metrics, 'preloadDashboardSchemas');
    const projectionParts = vi.spyOn(projections, 'preloadProjectionsFirstParts');
    try {
      await preloadPageAt('/dashboard');
      expect(schemas).toHaveBeenCalledOnce();
      await preloadPageAt('/projections/p-1');
      expect(projectionParts).toHaveBeenCalledWith('/projections/p-1');
      await preloadPageAt('/transactions');
      expect(schemas).toHaveBeenCalledOnce();
      expect(projectionParts).toHaveBeenCalledOnce();
    } finally {
      schemas.mockRestore();
      projectionParts.mockRestore();
    }
  });

  it('finds none for a path the main chunk draws (the 404 page)', () => {
    expect(pageAt('/no/such/page')).toBeUndefined();
  });
});
