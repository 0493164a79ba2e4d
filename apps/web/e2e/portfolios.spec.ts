import { expect, test } from '@playwright/test';
import { PortfoliosPage, signUpAt } from './pages/portfolio-pages.ts';

test.beforeEach(async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `pf-${info.project.name}`);
});

const coinbase = [
  'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
  'a1,2024-01-05 10:00:00 UTC,Buy,BTC,0.5,USD,$40000,$20000,$20010,$10,Bought',
  'a2,2024-02-05 10:00:00 UTC,Buy,ETH,2,USD,$2500,$5000,$5005,$5,Bought',
  'a3,2024-03-05 10:00:00 UTC,Sell,BTC,0.25,USD,$60000,$15000,$14990,$10,Sold',
].join('\n');

test('create, rename and delete a portfolio, and import a Coinbase CSV from the preview', async ({
  page,
}) => {
  const p = new PortfoliosPage(page);
  await expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible();
  await p.create('Long term', 'Cold storage');
  const card = p.card('Long term');
  await expect(card.getByText('Cold storage')).toBeVisible();
  await expect(card.getByText('$0.00').first()).toBeVisible();

  const panel = await p.importCsv('Long term', 'coinbase.csv', coinbase);
  await expect(panel.getByText('Detected coinbase. 3 rows, 0 errors, 0 likely duplicates')).toBeVisible();
  // Nothing is written before the confirmation.
  await expect(card.getByText('$0.00').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3 transactions')).toBeVisible();
  await expect(card.getByRole('definition').nth(1)).toHaveText('2');

  // The same file again: every row is a likely duplicate and starts unticked.
  const again = await p.importCsv('Long term', 'coinbase.csv', coinbase);
  await expect(again.getByText('3 likely duplicates')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
  await again.getByRole('button', { name: 'Close import' }).click();

  await card.getByRole('button', { name: 'Edit Long term' }).click();
  await card.getByLabel('Name').fill('Vault');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(p.card('Vault')).toBeVisible();
  await expect(p.card('Vault').getByRole('link', { name: 'Export CSV of Vault' })).toHaveAttribute(
    'href',
    /\/export\/$/,
  );

  page.once('dialog', (d) => void d.accept());
  await p.card('Vault').getByRole('button', { name: 'Delete Vault' }).click();
  await expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible();
});
