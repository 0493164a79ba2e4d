import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { ProjectionsPage } from './pages/projections-page.ts';

test.beforeEach(async ({ page }, info) => {
  const auth = new ServerAuthPage(page);
  await page.goto('/projections');
  await auth.expectSignIn('/projections');
  await auth.goToSignUp();
  await auth.signUp(newAccount(`proj-${info.project.name}`));
  await expect(page).toHaveURL(/\/projections$/);
  await new AppShell(page).expectSignedIn();
});

test('create a projection from the picker, ladder three sells, see live figures, save, reload, find them', async ({
  page,
}) => {
  const p = new ProjectionsPage(page);
  await expect(p.switcher.getByText('No projections available')).toBeVisible();

  await p.createFromPicker('Bitcoin', { capital: '50000', coins: '2', tax: '10' });
  await expect(p.switcher.getByRole('button', { name: 'BTC Position', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await p.generateLadder('100000', '200000', '3');
  await expect(p.bodyRows()).toHaveCount(3);
  await expect(p.cell('Price per coin', 2)).toHaveValue('150000');
  // 2 coins in three equal rungs: 0.66666666 + 0.66666666 + 0.66666668 at 100k, 150k, 200k
  // gross 300,000.002; 10% tax → 270,000.0018 cash out.
  await expect(p.stat('Remaining tokens')).toHaveText('0');
  await expect(p.stat('Total cash out')).toHaveText('$270,000.00');

  // Live edit: the first rung at 110k moves the totals at once.
  await p.cell('Price per coin', 1).fill('110000');
  await expect(p.stat('Total cash out')).toHaveText('$276,000.00');
  await p.save();

  await page.reload();
  await expect(p.cell('Price per coin', 1)).toHaveValue('110000');
  await expect(p.cell('Coins sold', 3)).toHaveValue('0.66666668');
  await expect(p.stat('Total cash out')).toHaveText('$276,000.00');
  await expect(p.stat('Average sell price')).toHaveText('$153,333.33');
});

test('a 1,000-sell plan mounts only a window of sells, scrolls to its end, and never scrolls sideways', async ({
  page,
}) => {
  const p = new ProjectionsPage(page);
  await p.createFromPicker('Bitcoin', { capital: '50000', coins: '2', tax: '20' });
  // 0.0025 BTC a sell: the 2 BTC run out at sell 800; the 200 after it are capped at 0.
  const sells = Array.from({ length: 1000 }, (_, i) => ({
    coins_sold: '0.0025',
    price_per_coin: String(100_000 + i * 10),
    fees_percentage: '0.1',
    transaction_order: i + 1,
  }));
  await p.storeSells(p.currentId(), sells);
  await page.reload();

  await expect(p.sellRow(1)).toBeVisible();
  await expect(p.stat('Remaining tokens')).toHaveText('0');
  const mounted = await p.bodyRows().count();
  expect(mounted).toBeGreaterThan(2);
  expect(mounted).toBeLessThan(60);
  expect(await p.scrollsSideways()).toBe(false);

  // Measured heights replace the estimates as rows mount, so the end may take two scrolls.
  await expect(async () => {
    await p.scrollSellsToEnd();
    await expect(p.sellRow(1000)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(p.sellRow(1000)).toContainText('capped at 0');
  await expect(p.sellRow(1)).toHaveCount(0);
  expect(await p.bodyRows().count()).toBeLessThan(60);

  // Typing into a far row still edits and keeps the plan: sell 1000 now sells nothing at a new price.
  await p.cell('Price per coin', 1000).fill('250000');
  await expect(p.cell('Price per coin', 1000)).toHaveValue('250000');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  expect(await p.scrollsSideways()).toBe(false);
});

test('unsaved edits survive a reload', async ({ page }) => {
  const p = new ProjectionsPage(page);
  await p.createFromPicker('Ethereum', { capital: '1000', coins: '10' });
  await p.cell('Coins sold', 1).fill('4');
  await p.cell('Price per coin', 1).fill('5000');
  await expect(p.bodyRows()).toHaveCount(2);
  await page.reload();
  await expect(p.cell('Coins sold', 1)).toHaveValue('4');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});

test('the all-projections view: select two projections, sort, clear', async ({ page }) => {
  const p = new ProjectionsPage(page);
  await p.createFromPicker('Bitcoin', { capital: '1000', coins: '1' });
  await p.generateLadder('100000', '120000', '2');
  await p.save();
  await p.createFromPicker('Ethereum', { capital: '1000', coins: '10' });
  await p.generateLadder('4000', '6000', '2');
  await p.save();

  await p.switcher.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/projections$/);
  const picker = page.getByRole('button', { name: 'All Projections' });
  await expect(picker).toBeVisible();
  const sells = page.getByRole('table', { name: 'All planned sells' });
  await expect(sells.locator('tbody').getByRole('row')).toHaveCount(4);

  await picker.click();
  await page.getByRole('checkbox', { name: 'ETH Position' }).uncheck();
  await expect(page.getByRole('button', { name: '1 of 2 Selected' })).toBeVisible();
  await expect(sells.locator('tbody').getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'ETH Position' }).check();
  await expect(sells.locator('tbody').getByRole('row')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'ETH Position' })).toBeHidden();

  await page.getByText('By Projection').click();
  await expect(sells.locator('tbody').getByRole('row').first()).toContainText('BTC Position');
  await expect(sells.locator('tbody').getByRole('row').nth(1)).toContainText('BTC Position');
  await page.getByText('In Order').click();
  await expect(sells.locator('tbody').getByRole('row').nth(1)).toContainText('ETH Position');

  await page.getByRole('button', { name: 'All Projections' }).click();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('button', { name: 'Select Projections' })).toBeVisible();
  await expect(sells).toHaveCount(0);
});

test('the coin picker opens inside the dialog without being clipped, and Escape closes the dialog', async ({
  page,
}) => {
  const p = new ProjectionsPage(page);
  await page.getByRole('button', { name: 'Add projection' }).first().click();
  await expect(p.dialog).toBeVisible();
  await p.dialog.getByRole('button', { name: /Cryptocurrency/ }).click();
  const list = p.dialog.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  // The list takes room in the dialog (the fields move down) instead of floating over them,
  // where the dialog's own scroll clipped it.
  const listBox = await list.boundingBox();
  const nameBox = await p.dialog.getByRole('textbox', { name: 'Name' }).boundingBox();
  expect(listBox && nameBox && listBox.y + listBox.height <= nameBox.y).toBe(true);
  // The last field is still reachable by the dialog's scroll.
  await p.dialog.getByRole('button', { name: 'Create projection' }).scrollIntoViewIfNeeded();
  await expect(p.dialog.getByRole('button', { name: 'Create projection' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(p.dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add projection' }).first()).toBeFocused();
});
