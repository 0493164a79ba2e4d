import { expect, test } from '@playwright/test';
import { CoinChooser, MetricsPage, PortfoliosPage, signUpAt } from './pages/portfolio-pages.ts';

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
  await expect(
    panel.getByText('Detected a Coinbase export. 3 rows, 0 errors, 0 likely duplicates'),
  ).toBeVisible();
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

  await p.card('Vault').getByRole('button', { name: 'Delete Vault' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Vault?' })
    .getByRole('button', { name: 'Delete portfolio' })
    .click();
  await expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible();
});

/** RENDER is a coin we do not know by ticker (one market coin carries it); MATIC's coin left the market list. */
const withUnknownSymbols = [
  'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
  'b1,2024-01-05 10:00:00 UTC,Buy,BTC,0.1,USD,$40000,$4000,$4001,$1,Bought',
  'b2,2024-02-05 10:00:00 UTC,Buy,RENDER,100,USD,$5,$500,$501,$1,Bought',
  'b3,2024-03-05 10:00:00 UTC,Buy,MATIC,50,USD,$1,$50,$51,$1,Bought',
  'b4,2024-04-05 10:00:00 UTC,Sell,RENDER,40,USD,$7,$280,$279,$1,Sold',
].join('\n');

test('import a CSV with unknown symbols: choose each coin in the preview, commit, see the holdings', async ({
  page,
}) => {
  const p = new PortfoliosPage(page);
  await p.create('Exchange');
  const panel = await p.importCsv('Exchange', 'coinbase.csv', withUnknownSymbols);
  await expect(panel.getByText('Detected a Coinbase export. 4 rows, 3 errors')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Import 1 transaction' })).toBeEnabled();

  const chooser = new CoinChooser(panel);
  await expect(chooser.region).toContainText('2 of 2 symbols still need a coin');
  await expect(chooser.group('RENDER')).toContainText('One coin in the market list uses RENDER');
  await expect(chooser.group('MATIC')).toContainText(
    'No coin in the market list uses MATIC: search by name.',
  );
  // The wide preview table scrolls inside the card: the page itself never scrolls sideways (390 px).
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);

  // One choice per symbol: both RENDER rows follow it, and the preview is checked again.
  await chooser.choose('RENDER', 'Render');
  await expect(panel.getByRole('button', { name: 'Import 3 transactions' })).toBeEnabled();
  await chooser.search('MATIC', 'polygon');
  await expect(chooser.group('MATIC').getByRole('radio')).not.toHaveCount(0);
  await chooser.choose('MATIC', 'POL (ex-MATIC)');
  await expect(chooser.region).toContainText('Every symbol has a coin');
  await expect(panel.getByText('Detected a Coinbase export. 4 rows, 0 errors')).toBeVisible();

  await panel.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(page.getByText('Imported 4 transactions')).toBeVisible();
  await expect(p.card('Exchange').getByRole('definition').nth(1)).toHaveText('3');

  const m = new MetricsPage(page);
  await m.goto();
  const holdings = await m.metric('Holdings');
  const list = holdings.getByRole('list', { name: 'Holdings by value' });
  await expect(list).toContainText('RENDER');
  await expect(list).toContainText('POL');
});

/** A Kraken ledger that starts mid-history: its first BTC row sells 0.1 out of a balance of 0.5. */
const midHistoryLedger = [
  'txid,refid,time,type,subtype,aclass,asset,amount,fee,balance',
  'L1,T1,2024-01-05 10:00:00,trade,,currency,XXBT,-0.1,0,0.4',
  'L2,T1,2024-01-05 10:00:00,trade,,currency,ZUSD,4000,0,4000',
].join('\n');

test('a ledger that starts mid-history imports with its opening balance at the price entered', async ({
  page,
}, info) => {
  const p = new PortfoliosPage(page);
  await p.create('Kraken', '');
  const panel = await p.importCsv('Kraken', 'ledgers.csv', midHistoryLedger);
  await expect(panel.getByText('Detected a Kraken ledger. 1 row, 0 errors')).toBeVisible();
  const openings = panel.getByRole('group', { name: 'Opening balances' });
  await expect(
    openings.getByRole('checkbox', { name: /Include opening balance of BTC: 0\.5 held before line 2/ }),
  ).toBeChecked();
  const price = openings.getByLabel('Opening price of BTC in USD');
  await price.fill('30,000');
  await expect(openings.getByText('Entered by you')).toBeVisible();
  await page.screenshot({ path: info.outputPath('opening-balance.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Import 2 transactions' }).click();
  await expect(page.getByText('Imported 2 transactions')).toBeVisible();
  // 0.5 held before the file, 0.1 sold in it: one coin, still held.
  await expect(p.card('Kraken').getByRole('definition').nth(1)).toHaveText('1');
});
