import { expect, type Page, test } from '@playwright/test';
import { signUpAt } from './pages/portfolio-pages.ts';
import { ProjectionsPage } from './pages/projections-page.ts';

/*
 * What a page tells a newcomer, at this project's width: a projection of a coin already held
 * starts from the portfolios' own figures and shows the take-home after price impact; a tax
 * figure at 0 % says that no rate was set, with the way to set one; a reload keeps the place on
 * the page.
 */
test.describe.configure({ timeout: 60_000 });

async function writeHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/csrf/');
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

async function portfolioWith(page: Page, rows: Record<string, string>[]): Promise<string> {
  const headers = await writeHeaders(page);
  const made = await page.request.post('/api/v2/portfolios/', { headers, data: { name: 'Main' } });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  for (const row of rows) {
    const res = await page.request.post('/api/v2/transactions/', {
      headers,
      data: { portfolio_id: id, coin_id: 'bitcoin', type: 'buy', fee: '0', note: '', ...row },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return id;
}

test('a projection of a coin held starts from the portfolios, and shows the take-home after price impact', async ({
  page,
}, info) => {
  await signUpAt(page, '/portfolios', `truths-${info.project.name}`);
  await portfolioWith(page, [{ quantity: '0.5', price_per_coin: '20000', date: '2024-01-02T10:00:00Z' }]);
  const p = new ProjectionsPage(page);
  await p.open();
  await page.getByRole('button', { name: 'Add projection' }).first().click();
  await expect(p.dialog).toBeVisible();
  await p.dialog.getByRole('button', { name: /Cryptocurrency/ }).click();
  await p.dialog.getByRole('combobox', { name: 'Search coins' }).fill('Bitcoin');
  await p.dialog
    .getByRole('option', { name: /^Bitcoin \(/ })
    .first()
    .click();
  await expect(p.dialog).toContainText('Filled in from your portfolios');
  await expect(p.dialog.getByLabel('Invested capital')).toHaveValue(/^10,?000(\.0+)?$/);
  await expect(p.dialog.getByLabel('Coins owned')).toHaveValue('0.5');
  // Still the person's own numbers to change.
  await p.dialog.getByLabel('Coins owned').fill('0.25');
  await expect(p.dialog.getByRole('button', { name: 'Use portfolio amounts' })).toBeVisible();
  await p.dialog.getByRole('button', { name: 'Use portfolio amounts' }).click();
  await expect(p.dialog.getByLabel('Coins owned')).toHaveValue('0.5');
  await p.dialog.getByRole('button', { name: 'Create projection' }).click();
  await expect(p.dialog).toBeHidden();
  await p.generateLadder('100000', '200000', '3');
  await expect(p.sellRow(3)).toBeVisible();
  await expect(page.getByText('Total take-home after price impact')).toBeVisible();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
});

test('a tax figure at 0 % says no rate is set and links to setting one', async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `norate-${info.project.name}`);
  const headers = await writeHeaders(page);
  const id = await portfolioWith(page, [
    { quantity: '1', price_per_coin: '20000', date: '2024-01-02T10:00:00Z' },
  ]);
  const sold = await page.request.post('/api/v2/transactions/', {
    headers,
    data: {
      portfolio_id: id,
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '1',
      price_per_coin: '30000',
      fee: '0',
      note: '',
      date: '2024-06-03T10:00:00Z',
    },
  });
  expect(sold.status()).toBe(201);
  // The US rule with no rates given.
  expect((await page.request.patch('/api/v2/tax/settings/', { headers, data: { rule: 'us' } })).ok()).toBe(
    true,
  );
  await page.goto('/tax');
  await page.getByRole('tab', { name: 'Realized gains' }).click();
  await page.getByLabel('Tax year').selectOption('2024');
  await expect(page.getByText('no rate set').first()).toBeVisible();
  await page.getByRole('link', { name: 'set a rate' }).first().click();
  await expect(page).toHaveURL(/\/settings#tax-rule$/);
});

test('a reload keeps the place on the page', async ({ page }, info) => {
  await signUpAt(page, '/settings', `scroll-${info.project.name}`);
  await expect(page.getByRole('link', { name: /^Profile/ })).toBeVisible();
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  test.skip(room < 300, 'the page fits the window at this width');
  const target = Math.min(600, room - 10);
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(target - 5);
  // The place is saved as the page is hidden (the reload), and put back once the page is tall enough.
  await page.reload();
  await expect(page.getByRole('link', { name: /^Profile/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 })
    .toBeGreaterThan(target - 60);
});
