import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { MetricsPage, PortfoliosPage, signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

// A long journey (sign-up, three entries, four metrics, a settings switch): more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `dash-${info.project.name}`);
});

test('three transactions move Holdings, Returns, Capital and Cost; FIFO changes the realized figure', async ({
  page,
}) => {
  await new PortfoliosPage(page).create('Main');
  const t = new TransactionsPage(page);
  await t.goto();
  await t.add({ coin: 'bitcoin', quantity: '1', price: '100', date: '2024-01-01T10:00' });
  await t.add({ coin: 'bitcoin', quantity: '1', price: '300', date: '2024-02-01T10:00' });
  await t.add({ type: 'Sell', coin: 'bitcoin', quantity: '1', price: '500', date: '2024-03-01T10:00' });

  const m = new MetricsPage(page);
  await m.goto();
  const holdings = await m.metric('Holdings');
  await expect(holdings.getByRole('list', { name: 'Holdings by value' })).toContainText('BTC');
  await expect(
    page.getByRole('region', { name: 'Portfolio summary' }).getByRole('definition').nth(1),
  ).toHaveText('$200.00');

  const returns = await m.metric('Returns');
  await m.returnType('Realized');
  // Average cost: 500 − 200 = 300, on a cost of 200.
  await expect(returns).toContainText('$300.00');
  await expect(returns).toContainText('+150.00%');
  await m.returnType('Unrealized');
  await expect(returns.getByRole('list', { name: 'unrealized returns by coin' })).toContainText('BTC');
  await m.returnType('Total');
  await expect(returns.getByRole('list', { name: 'total returns by coin' })).toContainText('BTC');

  await expect(await m.metric('Capital')).toContainText('$200.00');
  const cost = await m.metric('Cost');
  await expect(cost).toContainText('Cost Basis:$200.00');
  // The series selection never becomes empty.
  await page.getByRole('checkbox', { name: 'ATH' }).uncheck();
  await page.getByRole('checkbox', { name: 'Current Price' }).uncheck();
  await page.getByRole('checkbox', { name: 'Cost Basis' }).click();
  await expect(page.getByRole('checkbox', { name: 'Cost Basis' })).toBeChecked();

  // Settings from the user menu, as a person goes there: the app stays loaded.
  const menu = await new AppShell(page).openUserMenu();
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  // The radio shows the choice at once; the save is the event to wait for, since the page load
  // below would abort it.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v2/settings/') && r.request().method() === 'PATCH',
  );
  await page.getByRole('radio', { name: /FIFO/ }).check();
  await expect(page.getByRole('radio', { name: /FIFO/ })).toBeChecked();
  expect((await saved).ok()).toBe(true);
  await m.goto();
  const fifo = await m.metric('Returns');
  await m.returnType('Realized');
  // FIFO sells the 100 lot: 500 − 100 = 400; the 300 lot is what is left.
  await expect(fifo).toContainText('$400.00');
  await expect(await m.metric('Capital')).toContainText('$300.00');

  await m.metric('Holdings');
  await page.getByRole('group', { name: 'Holdings view' }).getByRole('button', { name: 'List' }).click();
  await page.getByRole('button', { name: 'Explain BTC cost basis' }).click();
  await expect(page.getByRole('region', { name: 'How Main got its cost basis' })).toContainText('300');
});
