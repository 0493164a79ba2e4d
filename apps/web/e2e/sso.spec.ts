import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { startOidcProvider } from './support/oidc-provider.ts';

/**
 * Single sign-on in a real browser: a server with AUTH_MODE=local,oidc and a real OpenID Connect
 * provider (oidc-provider) beside it. One width is enough: the pages are the server's and the
 * auth cards that every other journey already sees at both.
 */
test('single sign-on: choose a username, link a password account, sign out at the provider, wait for verification', async ({
  browser,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one width suffices for the provider round trips');
  test.setTimeout(90_000);
  // The run's SSO server (playwright.config.ts): AUTH_MODE=local,oidc on a data folder of its own,
  // started with the main server, expecting its provider on the next port.
  const port = Number(process.env.E2E_PORT ?? 4310) + 200;
  const appUrl = `http://127.0.0.1:${port}`;
  const issuer = `http://127.0.0.1:${port + 1}`;
  const local = newAccount('linked');

  /**
   * A browser context on the SSO server; the provider's pages ask for web fonts, never fetched
   * here. Without the service worker: it would precache the whole app (~120 files) from this
   * server in each of the five contexts, and offline is offline.spec's journey, not this one.
   */
  async function context() {
    const ctx = await browser.newContext({ baseURL: appUrl, serviceWorkers: 'block' });
    await ctx.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    return ctx;
  }

  /** The provider's own login (any password) and consent screens. */
  async function atProvider(page: Page, login: string) {
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('any');
    await page.locator('button[type=submit]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  const provider = await startOidcProvider(appUrl, port + 1, {
    nameless: { email: newAccount('nameless').email, email_verified: true },
    linker: { email: local.email, email_verified: true, preferred_username: 'Linker' },
    unverified: { email: newAccount('pending').email, email_verified: false, preferred_username: 'Pending' },
  });
  try {
    expect(provider.issuer).toBe(issuer);

    // The first account on that fresh server (no SMTP) is verified at once: it sees no banner.
    const first = await context();
    const owner = await first.newPage();
    await owner.goto('/register');
    await new ServerAuthPage(owner).signUp(newAccount('owner'));
    await new AppShell(owner).expectSignedIn();
    await expect(owner.getByRole('region', { name: 'Email not verified' })).toHaveCount(0);
    await first.close();

    // A provider account without a username: /auth/complete-signup asks for one.
    const a = await context();
    const page = await a.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await atProvider(page, 'nameless');
    await expect(page.getByRole('heading', { name: 'Choose a username' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Username' }).fill('Nameless');
    await page.getByRole('button', { name: 'Create account' }).click();
    await new AppShell(page).expectSignedIn();
    await a.close();

    // A password account, still unverified: the banner offers Resend.
    const b = await context();
    const withPassword = await b.newPage();
    await withPassword.goto('/register');
    await new ServerAuthPage(withPassword).signUp(local);
    const banner = withPassword.getByRole('region', { name: 'Email not verified' });
    await expect(banner).toContainText(local.email);
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByText('Sent. Check your inbox.')).toBeVisible();
    await b.close();

    // The provider vouches for the same email: linking takes that account's password, once.
    const c = await context();
    const linking = await c.newPage();
    await linking.goto('/api/auth/login?return_to=/dashboard&connection=oidc');
    await atProvider(linking, 'linker');
    await expect(linking.getByRole('heading', { name: 'Link your account' })).toBeVisible();
    await linking.getByLabel('Password').fill('not the password 1');
    await linking.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(linking.getByRole('alert')).toHaveText('Incorrect email or password.');
    await linking.getByLabel('Password').fill(local.password);
    await linking.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(linking).toHaveURL(`${appUrl}/dashboard`);
    const shell = new AppShell(linking);
    await shell.expectSignedIn();
    // Linked through a provider that verified the email: the banner is gone.
    await expect(linking.getByRole('region', { name: 'Email not verified' })).toHaveCount(0);

    // Logout ends the provider's session too and comes back to the landing page.
    const menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await linking.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(linking).toHaveURL(`${appUrl}/landing`);
    await c.close();

    // A provider that does not verify the email: no session, /auth/signup-pending.
    const d = await context();
    const pending = await d.newPage();
    await pending.goto('/api/auth/login?return_to=/&connection=oidc');
    await atProvider(pending, 'unverified');
    await expect(pending).toHaveURL(/\/auth\/signup-pending\?email=/);
    await expect(pending.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await d.close();
  } finally {
    await provider.stop();
  }
});
