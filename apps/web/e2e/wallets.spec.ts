import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { MetricsPage, PortfoliosPage, signUpAt } from './pages/portfolio-pages.ts';

/** The wallet the fake explorer beside the server holds (see playwright.config.ts). */
const wallet = JSON.parse(readFileSync(new URL('./fixtures/e2e-wallet.json', import.meta.url), 'utf8')) as {
  zpub: string;
};

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('wallets: connect a zpub, watch it sync, give a received coin its cost, and see Metrics and Tax change', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signUpAt(page, '/portfolios', `wallet-${info.project.name}`);
  await new PortfoliosPage(page).create('Hardware wallet');
  await page
    .getByRole('article', { name: 'Hardware wallet' })
    .getByRole('link', { name: 'View Hardware wallet' })
    .click();

  // From the portfolio's page: the dialog opens with this portfolio chosen.
  await page.getByRole('link', { name: 'Connect a wallet' }).click();
  const form = page.getByRole('form', { name: 'Connect a wallet' });
  await expect(form.getByLabel('Portfolio')).toHaveValue(/.+/);
  await form.getByRole('textbox', { name: 'Extended public key' }).fill(wallet.zpub);
  await form.getByRole('textbox', { name: 'Label' }).fill('Cold storage');
  await form.getByRole('button', { name: 'Connect' }).click();

  // The first sync starts at once; its progress and then its state show on the connection.
  const card = page.getByRole('article', { name: /Cold storage/ });
  await expect(card.getByText(/addresses scanned|Up to date/)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  // Two coins arrived from outside: their cost is unknown, and Metrics says what it left out.
  const metrics = new MetricsPage(page);
  await metrics.goto();
  await expect(page.getByText('2 lots have no cost: figures exclude them').first()).toBeVisible();

  // The connection's page lists what waits for its owner and reconciles with the chain.
  await page.goto('/settings/connections');
  await page.getByRole('link', { name: 'Cold storage' }).click();
  const reconciliation = page.getByRole('region', { name: /Reconciliation/i });
  await expect(reconciliation.getByText('0.07').first()).toBeVisible();
  const received = page.getByRole('article', { name: 'Received 0.05 Bitcoin' });
  await expect(received.getByText('cost unknown')).toBeVisible();
  await received.getByLabel('I know its cost').check();
  await received.getByRole('textbox', { name: 'Cost per coin (USD)' }).fill('60000');
  await received.getByRole('button', { name: 'Save' }).click();
  await expect(received).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Received 0.02 Bitcoin' })).toBeVisible();

  // Its cost now counts: one lot is left out, not two, on Metrics and on Tax.
  await metrics.goto();
  await expect(page.getByText('1 lot has no cost: figures exclude it').first()).toBeVisible();
  await expect(page.getByText('2 lots have no cost: figures exclude them')).toHaveCount(0);
  await page.goto('/tax');
  await expect(page.getByText('1 lot has no cost: figures exclude it').first()).toBeVisible();
});
