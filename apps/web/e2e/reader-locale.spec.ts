import { expect, test } from '@playwright/test';
import { PortfoliosPage, signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

// Dates in the user's locale: a reader whose browser runs in German, in Berlin, with
// euros as base currency. Text the server composes reaches them in their own terms.
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test.beforeEach(async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `locale-${info.project.name}`);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v2/settings/') && r.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Base currency' }).selectOption('eur');
  await saved;
  await new PortfoliosPage(page).create('Depot');
});

test('an oversell names the coin by its ticker and the day in the reader locale and zone', async ({
  page,
}) => {
  const t = new TransactionsPage(page);
  await t.goto();
  // Hyperliquid: a coin outside core's list of majors, so only the market knows its ticker.
  await t.add({ coin: 'hyperliquid', quantity: '1.5', price: '30', date: '2024-02-01T10:30' });
  await expect(t.rows()).toHaveCount(1);

  await page.getByRole('button', { name: 'New transaction' }).click();
  // 10:30 in Berlin is 09:30 UTC: the message reads the time the reader typed, not the server's.
  await t.fill({ type: 'Sell', coin: 'hyperliquid', quantity: '2', price: '40', date: '2024-03-01T10:30' });
  const message = 'Only 1.5 HYPE held on 1. März 2024, 10:30; this sell needs 2.';
  await expect(t.form.getByText(message, { exact: true })).toBeVisible();

  // Saving anyway: the server refuses, and its answer is written the same way.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/transactions/') && r.request().method() === 'POST',
  );
  await t.form.getByRole('button', { name: 'Add transaction' }).click();
  expect((await refused).status()).toBe(400);
  await expect(t.form.getByText(message, { exact: true })).toBeVisible();
  await expect(t.rows()).toHaveCount(1);
});

test("a demo coin's page dates the snapshot in the reader locale, once", async ({ page }) => {
  await page.goto('/cryptocurrencies/hyperliquid');
  await expect(page.getByRole('status').filter({ hasText: 'Demo data' })).toHaveText(
    'Demo data: prices simulated from a snapshot of 1. Nov. 2026',
  );
  await expect(page.getByRole('region', { name: 'About Hyperliquid' })).toContainText(
    "prices after the snapshot's day",
  );
  await expect(page.locator('main')).not.toContainText('Nov 1, 2026');
  await expect(page.locator('main')).not.toContainText('2026-11-01');
});
