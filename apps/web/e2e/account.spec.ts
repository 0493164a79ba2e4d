import { expect, test } from '@playwright/test';
import { AppShell, navEntries } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { findLinkInOutbox } from './pages/outbox.ts';

test('create an account, come back to the page you came from, stay signed in, log out', async ({
  page,
}, info) => {
  const account = newAccount(`journey-${info.project.name}`);
  const auth = new ServerAuthPage(page);
  const shell = new AppShell(page);
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspViolations.push(msg.text());
  });

  await page.goto('/transactions');
  await auth.expectSignIn('/transactions');
  await auth.goToSignUp();
  await auth.signUp(account);

  await expect(page).toHaveURL(/\/transactions$/);
  await shell.expectSignedIn();

  await page.reload();
  await expect(page).toHaveURL(/\/transactions$/);
  await shell.expectSignedIn();

  const menu = await shell.openUserMenu();
  for (const item of ['Settings', 'Alerts', 'Logout']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  const cookiesBefore = await page.context().cookies();
  await shell.logout();
  expect(await shell.sessionIsAuthenticated()).toBe(false);

  // The old session cookie must be dead on the server, not merely deleted in the browser.
  const old = cookiesBefore.find((c) => c.name === 'session');
  expect(old).toBeDefined();
  const replay = await page.request.get('/api/auth/session-status', {
    headers: { cookie: `session=${old?.value ?? ''}` },
  });
  expect(((await replay.json()) as { is_authenticated: boolean }).is_authenticated).toBe(false);

  // Signing in again returns to the originating page.
  await page.goto('/settings/profile');
  await auth.expectSignIn('/settings/profile');
  await auth.signIn(account);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await shell.expectSignedIn();
  expect(cspViolations).toEqual([]);
});

test('navigation: top tab bar on wide screens, fixed bottom bar on small ones', async ({ page }, info) => {
  const account = newAccount(`nav-${info.project.name}`);
  const auth = new ServerAuthPage(page);
  const shell = new AppShell(page);
  await page.goto('/dashboard');
  await auth.goToSignUp();
  await auth.signUp(account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await shell.expectSignedIn();

  const box = await shell.nav.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  if (viewport && box) {
    if (viewport.width >= 768) expect(box.y).toBeLessThan(120);
    else expect(Math.round(box.y + box.height)).toBe(viewport.height);
  }

  for (const entry of navEntries) {
    await shell.nav.getByRole('link', { name: entry.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.path === '/' ? '/$' : `${entry.path}$`}`));
  }

  await page.goto('/not-a-real-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Go to Terminal' })
    .or(page.getByRole('link', { name: 'Go to Terminal' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.nav).toBeVisible();
});

test('a page that needs a verified email sends you to the notice until you follow the emailed link', async ({
  page,
}, info) => {
  const account = newAccount(`verify-${info.project.name}`);
  const auth = new ServerAuthPage(page);
  await page.goto('/settings/notifications');
  await auth.goToSignUp();
  await auth.signUp(account);

  await expect(page).toHaveURL(/\/verify-email\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('mode')).toBe('notice');
  expect(url.searchParams.get('email')).toBe(account.email);

  const link = findLinkInOutbox(account.email, '/api/auth/verify-email?token=');
  const path = new URL(link);
  await page.goto(`${path.pathname}${path.search}`);
  await page.goto('/settings/notifications');
  await expect(page).toHaveURL(/\/settings\/notifications$/);
});
