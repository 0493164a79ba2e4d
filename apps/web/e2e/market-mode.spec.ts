import { expect, test } from '@playwright/test';
import { AppShell, navEntries } from './pages/app-shell.ts';
import { TerminalPage } from './pages/terminal-page.ts';
import { startFakeCoinGecko } from './support/fake-coingecko.ts';
import { startAppServer } from './support/live-server.ts';

const bannerText = 'Demo data — simulated prices, not real';

test('demo mode (MARKET_DATA=snapshot): the demo banner is on every main page', async ({ page }, info) => {
  const terminal = new TerminalPage(page);
  await terminal.signUpAndOpen('/terminal', `demo-${info.project.name}`);
  const shell = new AppShell(page);
  const banner = page.getByRole('region', { name: 'Demo data' });
  const expectBanner = async (path: string) => {
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(banner, path).toContainText(bannerText);
  };
  await expectBanner('/terminal');
  // Moving around as a user does (client-side), through every main page.
  for (const entry of navEntries) {
    await shell.nav.getByRole('link', { name: entry.name, exact: true }).click();
    await expectBanner(entry.path);
  }
  await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Settings' }).click();
  await expectBanner('/settings');
  await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Alerts' }).click();
  await page.getByRole('region', { name: 'Alerts' }).getByRole('link', { name: 'View all' }).click();
  await expectBanner('/notifications');
  await page.getByRole('main').getByRole('link', { name: 'Manage alerts' }).first().click();
  await expectBanner('/alerts');
});

test('live mode: no demo banner, and the terminal names its provider', async ({ browser }, info) => {
  test.skip(info.project.name !== 'desktop', 'one live server is enough');
  // Starting a second app server (migrations on a fresh PGlite) is part of this journey.
  test.setTimeout(120_000);
  const fake = await startFakeCoinGecko();
  const port = Number(process.env.E2E_PORT ?? 4310) + 100;
  const server = await startAppServer({
    port,
    // The default refresh interval: the first refresh (at start) goes live and stays fresh.
    env: { MARKET_DATA: 'auto', COINGECKO_BASE_URL: fake.baseUrl, COINGECKO_CALLS_PER_MINUTE: '1000' },
    ready: (h) => (h as { market?: { mode?: string } }).market?.mode === 'live',
    timeoutMs: 90_000,
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await new TerminalPage(page).signUpAndOpen('/terminal', 'live');
    await expect(page.getByRole('status').filter({ hasText: 'Live — CoinGecko' })).toBeVisible();
    const shell = new AppShell(page);
    for (const entry of navEntries) {
      await shell.nav.getByRole('link', { name: entry.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
      await expect(page.getByText(bannerText)).toHaveCount(0);
    }
  } finally {
    // The server first: it is a separate process that must not outlive the run.
    await server.stop();
    await context.close().catch(() => undefined);
    await fake.close();
  }
});
