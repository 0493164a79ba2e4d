import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { entriesHolding, readBrowserStorage } from './pages/browser-storage.ts';
import { OfflinePanel } from './pages/offline.ts';
import { MetricsPage, PortfoliosPage, TransactionsPage } from './pages/portfolio-pages.ts';
import { ProjectionsPage } from './pages/projections-page.ts';

// One browser, two people: A works (a portfolio, a transaction, a metrics selection, an exit plan,
// an offline change the server refused), signs out; B signs in on the same browser. Nothing of A's
// may be left where B's session (or B, with the developer tools) could read it.
test.describe.configure({ timeout: 150_000 });

interface Markers {
  userId: string;
  email: string;
  username: string;
  portfolioId: string;
  portfolioName: string;
  projectionId: string;
}

async function signedInUser(page: Page): Promise<{ user_id: string }> {
  const res = await page.request.get('/api/auth/session-status');
  return (await res.json()) as { user_id: string };
}

/** B's pages, each once its own answer has painted, so every query B's session makes has run. */
const pagesOfB: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/portfolios',
    ready: (page) => expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible(),
  },
  {
    path: '/transactions',
    ready: (page) => expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible(),
  },
  {
    path: '/dashboard',
    ready: (page) => expect(page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeVisible(),
  },
  {
    path: '/projections',
    ready: (page) =>
      expect(
        page.getByRole('navigation', { name: 'Projection switcher' }).getByText('No projections available'),
      ).toBeVisible(),
  },
  {
    path: '/',
    ready: (page) => expect(page.getByRole('region', { name: 'Market' }).getByRole('table')).toBeVisible(),
  },
];

test('after A signs out and B signs in, nothing of A is left in the browser', async ({
  page,
  context,
}, info) => {
  const a = newAccount(`leftover-a-${info.project.name}`);
  const auth = new ServerAuthPage(page);
  const shell = new AppShell(page);
  await page.goto('/portfolios');
  await auth.goToSignUp();
  await auth.signUp(a);
  await expect(page).toHaveURL(/\/portfolios$/);
  await shell.expectSignedIn();

  const portfolioName = `Vault of ${a.username}`;
  await new PortfoliosPage(page).create(portfolioName);
  const t = new TransactionsPage(page);
  await t.goto();
  await t.add({ coin: 'bitcoin', quantity: '1', price: '100', date: '2024-01-01T10:00' });

  // Metrics on A's own portfolio: the selection is kept on the device.
  const metrics = new MetricsPage(page);
  await metrics.goto();
  await page.getByRole('combobox', { name: 'Portfolio' }).selectOption({ label: portfolioName });
  await expect(page.getByRole('link', { name: 'Open portfolio' })).toBeVisible();
  const portfolioId = /\/portfolios\/([0-9a-f-]{36})$/.exec(
    (await page.getByRole('link', { name: 'Open portfolio' }).getAttribute('href')) ?? '',
  )?.[1];
  expect(portfolioId).toBeDefined();

  const projections = new ProjectionsPage(page);
  await projections.open();
  await projections.createFromPicker('Bitcoin', { capital: '1000', coins: '1', tax: '10' });
  const projectionId = projections.currentId();

  // A change made without a network that the server refuses on replay: it waits on the device
  // for A's decision.
  const offline = new OfflinePanel(page);
  await t.goto();
  await offline.expectServiceWorkerInControl();
  await expect.poll(() => offline.savedQueryRoots()).toContain('transactions');
  await context.setOffline(true);
  await expect(offline.region).toContainText('Offline');
  await t.add({ type: 'Sell', coin: 'bitcoin', quantity: '5', price: '100', date: '2024-01-03T10:00' });
  await context.setOffline(false);
  await expect(offline.region).toContainText('1 offline change needs your attention');

  const markers: Markers = {
    userId: (await signedInUser(page)).user_id,
    email: a.email,
    username: a.username,
    portfolioId: portfolioId ?? '',
    portfolioName,
    projectionId,
  };
  const values = Object.values(markers);
  // The probe sees A's data while A is signed in: an empty result below is not a blind probe.
  const before = entriesHolding(await readBrowserStorage(page), values);
  for (const where of ['localStorage', 'indexedDB']) {
    expect(
      before.some((line) => line.startsWith(where)),
      `${where} held A's data: ${before.join('; ')}`,
    ).toBe(true);
  }

  await shell.logout();

  const b = newAccount(`leftover-b-${info.project.name}`);
  await page.goto('/portfolios');
  await auth.expectSignIn('/portfolios');
  await auth.goToSignUp();
  await auth.signUp(b);
  await expect(page).toHaveURL(/\/portfolios$/);
  await shell.expectSignedIn();
  expect((await signedInUser(page)).user_id).not.toBe(markers.userId);

  for (const { path, ready } of pagesOfB) {
    await page.goto(path);
    await ready(page);
    const shown = `${await page.locator('body').innerText()}\n${await page.content()}`;
    for (const marker of values) expect(shown, `${path} shows A's ${marker}`).not.toContain(marker);
  }
  // B's own answers are saved for offline reading after the cache settles; then everything is read.
  await expect.poll(() => offline.savedQueryRoots()).toContain('market');
  expect(entriesHolding(await readBrowserStorage(page), values)).toEqual([]);
});
