import { expect, test } from '@playwright/test';
import { PortfoliosPage, signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

test.beforeEach(async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `tx-${info.project.name}`);
  await new PortfoliosPage(page).create('Main');
});

test('record transactions, be stopped on an oversell, filter, edit and delete', async ({ page }) => {
  const t = new TransactionsPage(page);
  await t.goto();
  await t.add({ coin: 'bitcoin', quantity: '1', price: '100', date: '2024-01-01T10:00' });
  await t.add({ coin: 'ethereum', quantity: '2', price: '10', date: '2024-01-02T10:00' });
  await expect(t.rows()).toHaveCount(2);

  // A sell above the holding: the quantity field says why, and nothing is saved.
  await page.getByRole('button', { name: 'New transaction' }).click();
  await t.fill({ type: 'Sell', coin: 'bitcoin', quantity: '3', price: '200', date: '2024-02-01T10:00' });
  await expect(t.form.getByText(/Only 1 BTC held on .*; this sell needs 3\./)).toBeVisible();
  await t.form.getByRole('button', { name: 'Add transaction' }).click();
  await expect(t.form).toBeVisible();
  await t.form.getByLabel('Quantity', { exact: true }).fill('0.5');
  await expect(
    t.form.getByRole('status', { name: 'Preview' }).or(t.form.getByLabel('Preview')),
  ).toContainText('realized P&L $50.00');
  await t.form.getByRole('button', { name: 'Add transaction' }).click();
  await expect(t.rows()).toHaveCount(3);

  await page.getByLabel('Filter by type').selectOption({ label: 'Sell' });
  await expect(t.rows()).toHaveCount(1);
  await page.getByLabel('Filter by type').selectOption({ label: 'All types' });

  // Deleting the buy would starve the sell: refused.
  await t
    .rows()
    .filter({ hasText: 'bitcoin' })
    .filter({ hasText: 'Buy' })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete transaction' }).click();
  await expect(page.getByText(/Deleting it would oversell a later transaction/)).toBeVisible();
  await expect(t.rows()).toHaveCount(3);

  await t.rows().filter({ hasText: 'ethereum' }).getByRole('button', { name: /^Edit/ }).click();
  await t.form.getByLabel('Quantity', { exact: true }).fill('4');
  await t.form.getByRole('button', { name: 'Save transaction' }).click();
  await expect(t.rows().filter({ hasText: 'ethereum' })).toContainText('4');
});

test.describe('toasts', () => {
  // No slide-in: the toast is measured where it rests.
  test.use({ reducedMotion: 'reduce' });

  test('a toast covers neither the header controls nor the page actions nor the bottom bar', async ({
    page,
  }, info) => {
    // The e2e server runs on the demo snapshot, whose banner pushes the header down (three lines at
    // 390 px): a toast at a fixed 64-68 px from the top covered the currency picker and the user
    // menu, and below them the page's own actions.
    // A toast of its own, measured while it shows (the one of beforeEach may be gone by now).
    await new PortfoliosPage(page).create('Second');
    const toast = page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Portfolio Second created' });
    await expect(toast).toBeVisible();
    const controls = [
      page.getByRole('button', { name: /user menu/i }),
      page.getByRole('combobox', { name: 'Base currency' }),
      page.getByRole('button', { name: 'New portfolio' }),
    ];
    if (info.project.name === 'mobile') controls.push(page.getByRole('navigation', { name: 'Main' }));
    const overlaps = async (): Promise<string[]> => {
      const t = await toast.boundingBox();
      if (t === null) return ['no toast'];
      const hit: string[] = [];
      for (const control of controls) {
        const c = await control.boundingBox();
        if (c === null) continue;
        const apart =
          t.x + t.width <= c.x || c.x + c.width <= t.x || t.y + t.height <= c.y || c.y + c.height <= t.y;
        if (!apart)
          hit.push(await control.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));
      }
      return hit;
    };
    expect(await overlaps()).toEqual([]);
  });
});
